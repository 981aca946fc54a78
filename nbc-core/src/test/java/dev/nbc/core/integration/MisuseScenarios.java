package dev.nbc.core.integration;

import dev.nbc.core.transport.mpi.Mpi;
import dev.nbc.core.Buffers;
import dev.nbc.core.Communicator;
import dev.nbc.core.PersistentCollective;
import dev.nbc.core.check.CollectiveCheck;
import dev.nbc.core.datatype.DataType;
import dev.nbc.core.datatype.ReduceOp;
import dev.nbc.core.progress.ErrorPolicy;
import dev.nbc.core.progress.ProgressEngine;
import dev.nbc.core.request.NbcException;
import dev.nbc.core.transport.mpi.MpiTransport;
import dev.nbc.core.transport.mpi.ReceiveMode;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;

/**
 * Runs on MPI ranks (through scripts/nbcrun) one of the misuses and prints, per rank,
 * {@code RESULT rank=R completed} or {@code RESULT rank=R failed: <message>}, and
 * {@code GUARD rank=R intact|overwritten} where the scenario watches memory next to a receive,
 * and {@code REFUSED rank=R <exception>} for each call the scenario expects to be refused.
 * Every rank then finalises MPI and exits 0, unless the error policy ended the job first.
 * Arguments: scenario (see {@link Scenario}), on|off (consistency check), return|fail-fast (error
 * policy), posted|probed (MPI receives).
 */
public final class MisuseScenarios {
    private static final double SENTINEL = -7.0;

    /** One misuse; {@code run} is a rank's part. */
    enum Scenario {
        /** ibcast with 10 doubles at the root and 20 elsewhere. */
        BCAST_ROOT_SMALLER { void run(Communicator comm) { bcastCounts(comm, 10, 20); } },
        /** ibcast with 6,000 doubles (48 KB, sent by rendezvous) at the root and 3,000 elsewhere. */
        BCAST_ROOT_LARGER { void run(Communicator comm) { bcastCounts(comm, 6_000, 3_000); } },
        /** The same at 4.8 MB against 2.4 MB: Open MPI 4.1.4's shared-memory transport crashed there. */
        BCAST_ROOT_MUCH_LARGER { void run(Communicator comm) { bcastCounts(comm, 600_000, 300_000); } },
        EVERY_RANK_THE_ROOT { void run(Communicator comm) { comm.bcast(doubles(100), 100, DataType.DOUBLE, comm.rank()); } },
        BARRIER_AGAINST_BCAST {
            void run(Communicator comm) {
                if (comm.rank() == 0) {
                    comm.barrier();
                } else {
                    comm.bcast(doubles(10), 10, DataType.DOUBLE, 0);
                }
            }
        },
        BCAST_AGAINST_ALLREDUCE {
            void run(Communicator comm) {
                if (comm.rank() == 1) {
                    comm.allreduce(null, doubles(10), 10, DataType.DOUBLE, ReduceOp.SUM);
                } else {
                    comm.bcast(doubles(10), 10, DataType.DOUBLE, 0);
                }
            }
        },
        /** Rank 1 skips the second of three identical broadcasts, then closes. */
        ONE_RANK_SKIPS_A_CALL {
            void run(Communicator comm) {
                for (int i = 0; i < (comm.rank() == 1 ? 2 : 3); i++) {
                    comm.bcast(doubles(8), 8, DataType.DOUBLE, 0);
                }
                comm.close();
            }
        },
        /** 8 threads per rank call allreduce on one communicator at once. */
        THREADS_SHARE_A_COMMUNICATOR {
            void run(Communicator comm) throws InterruptedException {
                CountDownLatch start = new CountDownLatch(1);
                List<Thread> threads = new ArrayList<>();
                List<String> ends = java.util.Collections.synchronizedList(new ArrayList<>());
                for (int t = 0; t < 8; t++) {
                    Thread thread = new Thread(() -> {
                        try {
                            start.await();
                            for (int i = 0; i < 10_000; i++) {
                                comm.allreduce(null, doubles(1), 1, DataType.DOUBLE, ReduceOp.SUM);
                            }
                            ends.add("completed");
                        } catch (RuntimeException | InterruptedException e) {
                            ends.add(e.getMessage());
                        }
                    }, "worker-" + t);
                    thread.start();
                    threads.add(thread);
                }
                start.countDown();
                for (Thread thread : threads) {
                    thread.join();
                }
                // A rank reports the refusal if one of its threads was refused, else how its threads ended.
                String refused = ends.stream().filter(e -> e.contains("was inside a call")).findFirst().orElse(null);
                throw new NbcException(refused != null ? refused
                        : "threads ended: " + ends.stream().map(e -> e.contains("revoked") ? "revoked" : e).distinct().toList());
            }
        },
        /** A user operation throws on rank 1; then every rank calls a barrier. */
        OPERATION_THROWS_ON_ONE_RANK {
            void run(Communicator comm) {
                ReduceOp throwsOnRank1 = ReduceOp.ofFloatingPoint("THROWS_ON_1", true, (a, b) -> {
                    if (comm.rank() == 1) {
                        throw new ArithmeticException("planted failure of the user's operation");
                    }
                    return a + b;
                });
                try {
                    comm.allreduce(null, doubles(16), 16, DataType.DOUBLE, throwsOnRank1);
                } catch (NbcException failed) {
                    System.out.println("FIRST rank=" + comm.rank() + " failed: " + failed.getMessage());
                }
                comm.barrier();
            }
        },
        /**
         * Every rank closes the communicator, then calls an allreduce on it and starts a persistent
         * allreduce made before the close; each refusal is printed as {@code REFUSED rank=R <exception>}.
         */
        COLLECTIVE_AFTER_CLOSE {
            void run(Communicator comm) {
                ByteBuffer sum = doubles(8);
                PersistentCollective persistent = comm.allreduceInit(null, sum, 8, DataType.DOUBLE, ReduceOp.SUM, null);
                comm.close();
                printRefusal(comm, () -> comm.iallreduce(null, sum, 8, DataType.DOUBLE, ReduceOp.SUM));
                printRefusal(comm, persistent::start);
            }
        };

        abstract void run(Communicator comm) throws Exception;
    }

    private MisuseScenarios() {
    }

    private static void printRefusal(Communicator comm, Runnable misuse) {
        String refusal = "nothing: the call returned";
        try {
            misuse.run();
        } catch (RuntimeException e) {
            refusal = e.getClass().getSimpleName() + ": " + e.getMessage();
        }
        System.out.println("REFUSED rank=" + comm.rank() + " " + refusal);
    }

    private static ByteBuffer doubles(int count) {
        ByteBuffer buffer = Buffers.allocate(count, DataType.DOUBLE);
        for (int i = 0; i < count; i++) {
            buffer.putDouble(8 * i, SENTINEL);
        }
        return buffer;
    }

    /**
     * A broadcast whose receivers give a smaller count than the root. A receiver's buffer is the
     * first part of a larger one; the rest, memory the collective was not given, is watched.
     */
    private static void bcastCounts(Communicator comm, int rootCount, int otherCount) {
        boolean root = comm.rank() == 0;
        int count = root ? rootCount : otherCount;
        ByteBuffer memory = doubles(root ? rootCount : 2 * otherCount);
        try {
            comm.bcast(memory.slice(0, 8 * count).order(ByteOrder.nativeOrder()), count, DataType.DOUBLE, 0);
        } finally {
            if (!root) {
                int overwritten = 0;
                for (int i = otherCount; i < 2 * otherCount; i++) {
                    overwritten += memory.getDouble(8 * i) == SENTINEL ? 0 : 1;
                }
                System.out.println("GUARD rank=" + comm.rank() + (overwritten == 0 ? " intact"
                        : " overwritten: " + overwritten + " of " + otherCount + " doubles next to the receive"));
            }
        }
        comm.barrier(); // the root's part is done before a receiver fails: it learns here
    }

    public static void main(String[] args) {
        Mpi mpi = Mpi.init(args);
        Scenario scenario = Scenario.valueOf(args[0].toUpperCase().replace('-', '_'));
        CollectiveCheck check = args[1].equals("on") ? CollectiveCheck.ON : CollectiveCheck.OFF;
        ErrorPolicy policy = args[2].equals("return") ? ErrorPolicy.RETURN : ErrorPolicy.FAIL_FAST;
        ReceiveMode receives = ReceiveMode.parse(args[3]);
        int rank = mpi.world().rank();
        String outcome;
        try (ProgressEngine engine = ProgressEngine.start()) {
            engine.setErrorPolicy(policy);
            Communicator comm = Communicator.create(engine, MpiTransport.create(mpi.world(), receives), check);
            try {
                scenario.run(comm);
                outcome = "completed";
            } catch (Exception e) {
                outcome = "failed: " + e.getMessage();
            } finally {
                comm.transport().close();
            }
        }
        System.out.println("RESULT rank=" + rank + " " + outcome);
        System.out.flush();
        mpi.close();
        System.exit(0);
    }
}
