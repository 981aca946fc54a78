package dev.nbc.harness.ranks.mpi;

import dev.nbc.core.transport.Transport;
import dev.nbc.core.transport.inprocess.EmulatedNetwork;
import dev.nbc.core.transport.mpi.Mpi;
import dev.nbc.core.transport.mpi.MpiComm;
import dev.nbc.core.transport.mpi.MpiException;
import dev.nbc.core.transport.mpi.MpiRequest;
import dev.nbc.core.transport.mpi.MpiTransport;
import dev.nbc.harness.call.CollectiveCalls;
import dev.nbc.harness.call.mpi.OwnMpiCall;
import dev.nbc.harness.cli.MpiAbort;
import dev.nbc.harness.ranks.Control;
import dev.nbc.harness.ranks.GroupEnv;
import dev.nbc.harness.ranks.RankEnv;
import dev.nbc.harness.ranks.Ranks;
import dev.nbc.harness.ranks.SessionTransports;

import java.util.Optional;
import java.util.function.BiFunction;

/**
 * The processes of an MPI job (scripts/nbcrun) as ranks: MPI initialised with THREAD_MULTIPLE,
 * reached the way {@code NBC_MPI} says ({@link Mpi#init}); a group of P ranks is the first P of
 * MPI_COMM_WORLD, split off with MPI_Comm_split (the others sleep in a world barrier). The
 * control plane and the MPI library's own collectives are the group's communicator's; nbc's
 * sessions run over duplicates of it, or over the transports of a {@link SessionTransports} (TCP).
 */
public final class MpiRanks implements Ranks {
    private final Mpi mpi;
    private final MpiComm world;
    /** "mpi", or the session transports' name. */
    private final String transport;
    /** A new transport for a session of the group of this communicator and control plane. */
    private final BiFunction<MpiComm, Control, Transport> sessionTransport;

    private MpiRanks(String transport, BiFunction<MpiComm, Control, Transport> sessionTransport) {
        this.transport = transport;
        this.sessionTransport = sessionTransport;
        this.mpi = Mpi.init(new String[0]);
        this.world = mpi.world();
    }

    /** Initialises MPI; sessions over duplicates of the group's communicator. */
    public static Ranks create() {
        return new MpiRanks("mpi", (group, control) -> MpiTransport.create(group));
    }

    /**
     * Initialises MPI; sessions over the transports of {@code sessions}, opened with the group's
     * control plane, whose name {@link #transport()} reports.
     */
    public static Ranks create(SessionTransports sessions) {
        if (sessions == null) {
            throw new IllegalArgumentException("sessions: must not be null (create() runs sessions over MPI)");
        }
        return new MpiRanks(sessions.name(), (group, control) -> sessions.open(control));
    }

    @Override
    public String transport() {
        return transport;
    }

    @Override
    public int maxRanks() {
        return world.size();
    }

    @Override
    public boolean leader() {
        return world.rank() == 0;
    }

    @Override
    public String mpiVersion() {
        return mpi.version();
    }

    @Override
    public EmulatedNetwork network() {
        return null;
    }

    @Override
    public <T> T run(int p, Body<T> body) {
        if (p < 1 || p > world.size()) {
            throw new IllegalArgumentException("group size " + p + " outside 1.." + world.size());
        }
        int worldRank = world.rank();
        T result = null;
        try {
            MpiComm group = world.split(worldRank < p ? 0 : -1, worldRank);
            if (group != null) {
                MpiTransport controlTransport = MpiTransport.create(group);
                Control control = new Control(controlTransport);
                Optional<CollectiveCalls> natives = Optional.of((collective, bytes) -> new OwnMpiCall(group, collective, bytes));
                RankEnv env = new GroupEnv(worldRank, p, control, () -> sessionTransport.apply(group, control), natives);
                try {
                    result = body.run(env);
                } finally {
                    controlTransport.close();
                    group.free();
                }
            }
            awaitWorld(group != null);
        } catch (RuntimeException e) {
            throw e;
        } catch (Exception e) {
            throw new IllegalStateException(e.getMessage(), e);
        }
        return worldRank == 0 ? result : null;
    }

    /**
     * The world barrier that ends a group's run. Ranks outside the group wait in it for the whole
     * run, so they sleep between tests: a blocking barrier polls (and with more ranks than cores
     * yields in a loop), which would take the cores from the group being measured.
     */
    private void awaitWorld(boolean member) throws MpiException, InterruptedException {
        MpiRequest barrier = world.barrier();
        while (!barrier.test()) {
            if (member) {
                Thread.yield();
            } else {
                Thread.sleep(1);
            }
        }
    }

    @Override
    public int agree(int value) {
        try {
            return WorldValues.bcast(world, value, 0);
        } catch (MpiException e) {
            throw new IllegalStateException(e.describe(), e);
        }
    }

    @Override
    public void abortAfter(Throwable failure) {
        MpiAbort.abortAfter(world, "nbc-bench", failure);
    }

    @Override
    public void close() {
        mpi.close();
    }
}
