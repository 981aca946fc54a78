package dev.nbc.core.integration;

import dev.nbc.core.transport.mpi.Mpi;
import dev.nbc.core.Buffers;
import dev.nbc.core.Communicator;
import dev.nbc.core.datatype.DataType;
import dev.nbc.core.datatype.ReduceOp;
import dev.nbc.core.progress.IdleStrategy;
import dev.nbc.core.progress.ProgressEngine;
import dev.nbc.core.progress.ProgressMode;
import dev.nbc.core.request.Request;
import dev.nbc.core.transport.mpi.MpiTransport;

import java.nio.ByteBuffer;
import java.time.Duration;
import java.util.concurrent.locks.LockSupport;

/**
 * Runs on MPI ranks (through scripts/nbcrun) while the test breaks the network under it: a loop
 * of iallreduce and ibcast for a given time, each result checked, awaited with tests every 100 us
 * as an application computing between them would. Ends with "CollectivesUnderFaults: rank R: N
 * collectives correct" on every rank, or, if a peer is lost, with nbc's one line naming it (the
 * engine's peer timeout and error policy decide). Arguments: bytes, seconds, mode (THREAD or
 * MANUAL)[, peer timeout in seconds (else the engine's, from NBC_PEER_TIMEOUT)].
 */
public final class CollectivesUnderFaults {
    private CollectivesUnderFaults() {
    }

    public static void main(String[] args) {
        Mpi mpi = Mpi.init(args);
        int bytes = Integer.parseInt(args[0]);
        long seconds = Long.parseLong(args[1]);
        ProgressMode mode = ProgressMode.valueOf(args[2]);
        int rank = mpi.world().rank();
        int size = mpi.world().size();
        int count = Math.max(1, bytes / Integer.BYTES);
        long done = 0;
        try (ProgressEngine engine = ProgressEngine.start(mode, IdleStrategy.BACKOFF);
             MpiTransport transport = MpiTransport.create(mpi.world())) {
            if (args.length > 3) {
                engine.setPeerTimeout(Duration.ofSeconds(Long.parseLong(args[3])));
            }
            Communicator comm = Communicator.create(engine, transport);
            ByteBuffer in = Buffers.allocate(count, DataType.INT);
            ByteBuffer out = Buffers.allocate(count, DataType.INT);
            long end = System.nanoTime() + seconds * 1_000_000_000L;
            // the ranks agree on when to stop: every one runs the same number of collectives
            ByteBuffer more = Buffers.allocate(1, DataType.INT);
            more.putInt(0, 1);
            for (long call = 0; more.getInt(0) == 1; call++) {
                for (int i = 0; i < count; i++) {
                    in.putInt(i * Integer.BYTES, (int) (call * 31 + i + rank));
                }
                awaitByTests(comm.iallreduce(in, out, count, DataType.INT, ReduceOp.SUM));
                for (int i = 0; i < count; i++) {
                    long expected = size * (call * 31 + i) + (long) size * (size - 1) / 2;
                    check(out.getInt(i * Integer.BYTES) == (int) expected, "iallreduce", call, i);
                }
                int root = (int) (call % size);
                if (rank == root) {
                    out.putInt(0, (int) call);
                }
                awaitByTests(comm.ibcast(out, count, DataType.INT, root));
                check(out.getInt(0) == (int) call, "ibcast", call, 0);
                done += 2;
                more.putInt(0, System.nanoTime() < end ? 1 : 0);
                awaitByTests(comm.ibcast(more, 1, DataType.INT, 0));
            }
        }
        System.out.println("CollectivesUnderFaults: rank " + rank + ": " + done + " collectives correct");
        System.out.flush();
        mpi.close();
    }

    private static void awaitByTests(Request request) {
        while (!request.test()) {
            LockSupport.parkNanos(100_000);
        }
    }

    private static void check(boolean right, String collective, long call, int index) {
        if (!right) {
            throw new AssertionError(collective + " call " + call + ": wrong value at element " + index);
        }
    }
}
