package dev.nbc.core.integration;

import dev.nbc.core.transport.mpi.Mpi;
import dev.nbc.core.transport.mpi.MpiComm;
import dev.nbc.core.transport.mpi.MpiException;
import dev.nbc.core.Buffers;
import dev.nbc.core.Communicator;
import dev.nbc.core.datatype.DataType;
import dev.nbc.core.datatype.ReduceOp;
import dev.nbc.core.progress.ProgressEngine;
import dev.nbc.core.transport.mpi.MpiTransport;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadInfo;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;

/**
 * Runs on MPI ranks (through scripts/nbcrun): T application threads per rank, each on a
 * communicator of its own (a duplicate of COMM_WORLD), all sharing one progress engine, each
 * calling iallreduce and ibcast N times with its results checked. If a rank completes nothing for
 * 20 s it prints every thread's stack (what a starved rank was doing) and fails. Ends with
 * "ManyThreadsOnMpi: rank R: C collectives correct". Arguments: threads, calls per thread.
 */
public final class ManyThreadsOnMpi {
    private static final long STALL_NANOS = 20_000_000_000L;

    private ManyThreadsOnMpi() {
    }

    /** MPI_COMM_WORLD: duplicated per thread, and aborted through when a thread fails. */
    private static MpiComm world;

    public static void main(String[] args) throws Exception {
        Mpi mpi = Mpi.init(args);
        world = mpi.world();
        int threads = Integer.parseInt(args[0]);
        int calls = Integer.parseInt(args[1]);
        int rank = world.rank();
        int size = world.size();
        List<MpiComm> duplicates = new ArrayList<>();
        for (int t = 0; t < threads; t++) {
            duplicates.add(world.dup());
        }
        AtomicLong completed = new AtomicLong();
        AtomicReference<Throwable> failure = new AtomicReference<>();
        try (ProgressEngine engine = ProgressEngine.start()) {
            CountDownLatch start = new CountDownLatch(1);
            List<Thread> workers = new ArrayList<>();
            List<MpiTransport> transports = new ArrayList<>();
            for (int t = 0; t < threads; t++) {
                MpiTransport transport = MpiTransport.create(duplicates.get(t));
                transports.add(transport);
                Communicator comm = Communicator.create(engine, transport);
                int thread = t;
                Thread worker = new Thread(() -> {
                    try {
                        start.await();
                        ByteBuffer in = Buffers.allocate(16, DataType.INT);
                        ByteBuffer out = Buffers.allocate(16, DataType.INT);
                        for (int call = 0; call < calls; call++) {
                            in.putInt(0, rank + thread + call);
                            comm.iallreduce(in, out, 16, DataType.INT, ReduceOp.SUM).await();
                            int expected = size * (thread + call) + size * (size - 1) / 2;
                            if (out.getInt(0) != expected) {
                                throw new AssertionError("thread " + thread + " call " + call + ": " + out.getInt(0) + " != " + expected);
                            }
                            out.putInt(0, rank == call % size ? call : -1);
                            comm.ibcast(out, 16, DataType.INT, call % size).await();
                            if (out.getInt(0) != call) {
                                throw new AssertionError("thread " + thread + " call " + call + ": ibcast gave " + out.getInt(0));
                            }
                            completed.addAndGet(2);
                        }
                    } catch (Throwable e) {
                        failure.compareAndSet(null, e);
                    }
                }, "worker-" + t);
                worker.start();
                workers.add(worker);
            }
            start.countDown();
            watch(workers, completed, failure, rank, engine);
            for (MpiTransport transport : transports) {
                transport.close();
            }
        }
        if (failure.get() != null) {
            System.out.println("ManyThreadsOnMpi: FAILED on rank " + rank + ": " + failure.get());
            System.out.flush();
            world.abort(1);
        }
        System.out.println("ManyThreadsOnMpi: rank " + rank + ": " + completed.get() + " collectives correct");
        for (MpiComm duplicate : duplicates) {
            duplicate.free();
        }
        mpi.close();
    }

    /** Waits for the workers; after 20 s without a completion, prints every thread's stack and fails. */
    private static void watch(List<Thread> workers, AtomicLong completed, AtomicReference<Throwable> failure, int rank,
                              ProgressEngine engine) throws InterruptedException, MpiException {
        long seen = -1;
        long lastChange = System.nanoTime();
        for (Thread worker : workers) {
            while (worker.isAlive()) {
                worker.join(1000);
                long now = System.nanoTime();
                if (completed.get() != seen) {
                    seen = completed.get();
                    lastChange = now;
                } else if (now - lastChange > STALL_NANOS && failure.get() == null) {
                    StringBuilder dump = new StringBuilder("rank " + rank + " completed nothing for 20 s at " + seen
                            + " collectives; engine " + engine.statistics() + "; threads:\n");
                    for (ThreadInfo info : ManagementFactory.getThreadMXBean().dumpAllThreads(false, false)) {
                        dump.append(info);
                    }
                    System.out.println(dump);
                    System.out.flush();
                    failure.compareAndSet(null, new AssertionError("stalled on rank " + rank));
                    world.abort(1);
                }
            }
        }
    }
}
