package dev.nbc.harness.ranks.mpi;

import dev.nbc.harness.ranks.Control;
import dev.nbc.harness.ranks.GroupEnv;
import dev.nbc.harness.call.CollectiveCalls;
import dev.nbc.harness.call.mpi.OpenMpiCall;
import dev.nbc.harness.ranks.RankEnv;
import dev.nbc.harness.ranks.Ranks;
import dev.nbc.harness.ranks.SessionTransports;
import dev.nbc.harness.cli.MpiAbort;
import dev.nbc.core.transport.Transport;
import dev.nbc.core.transport.inprocess.EmulatedNetwork;
import dev.nbc.core.transport.mpi.MpiTransport;
import mpi.Intracomm;
import mpi.MPI;
import mpi.MPIException;

import java.util.Optional;
import java.util.function.BiFunction;

/**
 * The processes of an MPI job (scripts/nbcrun) as ranks: MPI initialised with THREAD_MULTIPLE;
 * a group of P ranks is the first P of MPI_COMM_WORLD, split off with MPI_Comm_split (the others
 * sleep in a world barrier). The control plane and Open MPI's own collectives are the group's
 * communicator's; nbc's sessions run over duplicates of it, or over the transports of a
 * {@link SessionTransports} (TCP). Only this package and {@code harness.call.mpi} touch
 * {@code mpi.*}, so in-process runs need no mpi.jar.
 */
public final class MpiRanks implements Ranks {
    private final int worldRank;
    private final int worldSize;
    private final String version;
    /** "mpi", or the session transports' name. */
    private final String transport;
    /** A new transport for a session of the group of this communicator and control plane. */
    private final BiFunction<Intracomm, Control, Transport> sessionTransport;

    private MpiRanks(String transport, BiFunction<Intracomm, Control, Transport> sessionTransport) {
        this.transport = transport;
        this.sessionTransport = sessionTransport;
        MpiTransport.initThreadMultiple(new String[0]);
        try {
            worldRank = MPI.COMM_WORLD.getRank();
            worldSize = MPI.COMM_WORLD.getSize();
            String v = MPI.getLibVersion().trim();
            version = v.split("[,\\n]")[0].trim();
        } catch (MPIException e) {
            throw new IllegalStateException("MPI: " + e.getMessage(), e);
        }
    }

    /**
     * Initialises MPI; sessions over duplicates of the group's communicator. Typed as
     * {@link Ranks} so that callers never link against mpi.*.
     */
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
        return worldSize;
    }

    @Override
    public boolean leader() {
        return worldRank == 0;
    }

    @Override
    public String mpiVersion() {
        return version;
    }

    @Override
    public EmulatedNetwork network() {
        return null;
    }

    @Override
    public <T> T run(int p, Body<T> body) {
        if (p < 1 || p > worldSize) {
            throw new IllegalArgumentException("group size " + p + " outside 1.." + worldSize);
        }
        T result = null;
        try {
            Intracomm group = MPI.COMM_WORLD.split(worldRank < p ? 0 : MPI.UNDEFINED, worldRank);
            if (worldRank < p) {
                MpiTransport controlTransport = MpiTransport.create(group);
                Control control = new Control(controlTransport);
                Optional<CollectiveCalls> natives = Optional.of((collective, bytes) -> new OpenMpiCall(group, collective, bytes));
                RankEnv env = new GroupEnv(worldRank, p, control, () -> sessionTransport.apply(group, control), natives);
                try {
                    result = body.run(env);
                } finally {
                    controlTransport.close();
                    group.free();
                }
            }
            awaitWorld(worldRank < p);
        } catch (RuntimeException e) {
            throw e;
        } catch (Exception e) {
            throw new IllegalStateException(e.getMessage(), e);
        }
        return worldRank == 0 ? result : null;
    }

    /**
     * The world barrier that ends a group's run. Ranks outside the group wait in it for the whole
     * run, so they sleep between tests: Open MPI's blocking barrier polls (and with more ranks than
     * cores yields in a loop), which would take the cores from the group being measured.
     */
    private static void awaitWorld(boolean member) throws MPIException, InterruptedException {
        mpi.Request barrier = MPI.COMM_WORLD.iBarrier();
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
            int[] v = {value};
            MPI.COMM_WORLD.bcast(v, 1, MPI.INT, 0);
            return v[0];
        } catch (MPIException e) {
            throw new IllegalStateException(e.getMessage(), e);
        }
    }

    @Override
    public void abortAfter(Throwable failure) {
        MpiAbort.abortAfter("nbc-bench", failure);
    }

    @Override
    public void close() {
        try {
            MPI.Finalize();
        } catch (MPIException e) {
            throw new IllegalStateException("MPI.Finalize failed: " + e.getMessage(), e);
        }
    }
}
