package dev.nbc.core.integration;

import java.nio.ByteBuffer;
import dev.nbc.core.datatype.ReduceOp;
import dev.nbc.core.datatype.DataType;
import dev.nbc.core.Buffers;
import dev.nbc.core.schedule.Collective;
import dev.nbc.core.transport.mpi.OwnCollective;
import dev.nbc.core.transport.mpi.MpiException;
import dev.nbc.core.transport.mpi.MpiComm;
import dev.nbc.core.transport.mpi.Mpi;
import dev.nbc.core.Communicator;
import dev.nbc.core.progress.IdleStrategy;
import dev.nbc.core.progress.ProgressEngine;
import dev.nbc.core.progress.ProgressMode;
import dev.nbc.core.testing.mixed.MixedCollectives;
import dev.nbc.core.testing.mixed.MixedCommunicators;
import dev.nbc.core.testing.mixed.MixedPlan;
import dev.nbc.core.testing.mixed.PlannedCall;
import dev.nbc.core.transport.mpi.MpiTransport;
import dev.nbc.core.transport.mpi.ReceiveMode;

import java.util.ArrayList;
import java.util.List;

/**
 * Runs on MPI ranks (through scripts/nbcrun): the randomized mixed-collective run of
 * {@link MixedCollectives} over Open MPI, first with a progress thread, then without, on four
 * communicators made as {@link MixedCommunicators} describes (two duplicates of COMM_WORLD, the
 * even ranks, COMM_WORLD reversed). Rank 0 prints one line "... all right" at the end; a wrong
 * result on any rank prints "MixedCollectivesOnMpi: FAILED" with the seed and aborts the job.
 * Arguments: [seed] [posted|probed] (the MPI transport's receives; default: {@link ReceiveMode#fromEnvironment()}).
 */
public final class MixedCollectivesOnMpi {
    private static final MixedPlan PLAN = new MixedPlan(40, 32, 5000);

    private MixedCollectivesOnMpi() {
    }

    public static void main(String[] args) throws MpiException {
        Mpi mpi = Mpi.init(args);
        MpiComm world = mpi.world();
        long seed = args.length > 0 ? Long.parseLong(args[0]) : 1;
        ReceiveMode receives = args.length > 1 ? ReceiveMode.parse(args[1]) : ReceiveMode.fromEnvironment();
        int rank = world.rank();
        int size = world.size();
        MpiComm even = world.split(rank % 2 == 0 ? 0 : -1, rank);
        MpiComm reversed = world.split(0, size - 1 - rank);
        List<List<PlannedCall>> plan = PLAN.draw(seed, MixedCommunicators.sizes(size));
        int[] called = new int[1];
        try {
            for (ProgressMode mode : ProgressMode.values()) {
                called[0] += run(plan, mode, seed, receives, new MpiComm[] {world, world, even, reversed});
                world.barrier().await();
            }
        } catch (Throwable t) {
            System.out.println("MixedCollectivesOnMpi: FAILED on rank " + rank + " of " + size + " (seed " + seed
                    + ", rerun with -Dnbc.seed=" + seed + "): " + t);
            t.printStackTrace(System.out);
            System.out.flush();
            world.abort(1);
        }
        ByteBuffer total = Buffers.allocate(1, DataType.INT);
        world.collectives().run(OwnCollective.of(Collective.ALLREDUCE, Buffers.allocate(1, DataType.INT).putInt(0, called[0]),
                total, 1, DataType.INT, ReduceOp.SUM, 0));
        called[0] = total.getInt(0);
        if (rank == 0) {
            System.out.println("MixedCollectivesOnMpi: P=" + size + " seed=" + seed + " receives=" + receives + ": " + called[0]
                    + " collectives over all ranks, with a progress thread and without, all right");
        }
        if (even != null) {
            even.free();
        }
        reversed.free();
        mpi.close();
    }

    /** One run of the plan on fresh engines and transports; returns how many collectives this rank called. */
    private static int run(List<List<PlannedCall>> plan, ProgressMode mode, long seed, ReceiveMode receives, MpiComm[] comms) {
        int rank = comms[0].rank();
        int size = comms[0].size();
        List<Communicator> communicators = new ArrayList<>();
        try (ProgressEngine first = ProgressEngine.start(mode, IdleStrategy.BACKOFF);
             ProgressEngine second = ProgressEngine.start(mode, IdleStrategy.BACKOFF)) {
            ProgressEngine[] engines = {first, second};
            try {
                for (int c = 0; c < comms.length; c++) {
                    if (comms[c] == null) {
                        communicators.add(null);
                        continue;
                    }
                    Communicator comm = Communicator.create(engines[MixedCommunicators.engineOf(c, mode == ProgressMode.THREAD)],
                            MpiTransport.create(comms[c], receives));
                    comm.setSelector(MixedCommunicators.selector(c));
                    communicators.add(comm);
                    if (comm.rank() != MixedCommunicators.rankIn(c, rank, size)) {
                        throw new AssertionError("communicator " + c + ": rank " + comm.rank() + ", expected "
                                + MixedCommunicators.rankIn(c, rank, size));
                    }
                }
                return new MixedCollectives(communicators, mode == ProgressMode.THREAD, seed, rank, () -> MixedCommunicators.describe(engines)).run(plan);
            } finally {
                for (Communicator comm : communicators) {
                    if (comm != null) {
                        comm.close();
                    }
                }
            }
        }
    }
}
