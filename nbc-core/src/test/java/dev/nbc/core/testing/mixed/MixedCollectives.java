package dev.nbc.core.testing.mixed;

import dev.nbc.core.Communicator;
import dev.nbc.core.algorithm.allreduce.AllreduceAlgorithm;
import dev.nbc.core.algorithm.bcast.BcastAlgorithm;
import dev.nbc.core.request.Request;

import java.nio.ByteBuffer;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.function.Supplier;

/**
 * One rank's part of a randomized mixed-collective run in the spirit of MPICH's
 * {@code test/mpi/coll/nonblocking3.c}: the collectives of a {@link MixedPlan} on several
 * communicators, each batch all in flight at once, checked against the sequential reference.
 *
 * <p>What a rank chooses alone, from its own random stream: the order in which it starts a batch's
 * calls across communicators (each communicator's own order is the plan's, as MPI requires), how
 * its buffers are placed and shown (positioned, sliced, read-only where the call only reads), how
 * an in-place allreduce names its send buffer (null, the same object, another object over the same
 * memory), how it completes a batch ({@link Completion}), whether it computes a while first, and
 * whether it starts the next batch before completing this one. Nothing waits on a call a peer has
 * not started: a rank completes a batch only after starting it, and every rank starts batches in
 * plan order.
 */
public final class MixedCollectives {
    private final List<Communicator> communicators;
    private final boolean progressThread;
    private final Random local;
    private final int worldRank;
    /** What the engines did so far, for a failure's message. */
    private final Supplier<String> engineState;

    /** A call started, and how to check it once complete (null: right; else what is wrong). */
    private record InFlight(PlannedCall call, Request request, Supplier<String> check) {
    }

    /**
     * @param communicators the plan's communicators by index; null where this rank is no member
     * @param progressThread whether the engines have a progress thread (futures then complete by themselves)
     * @param seed          the run's seed; this rank's own choices are drawn from it and its rank
     * @param engineState   what the engines did so far (policy, statistics), for a failure's message
     */
    public MixedCollectives(List<Communicator> communicators, boolean progressThread, long seed, int worldRank,
                            Supplier<String> engineState) {
        this.communicators = communicators;
        this.engineState = engineState;
        this.progressThread = progressThread;
        this.local = new Random(seed * 31 + worldRank + 1);
        this.worldRank = worldRank;
    }

    /**
     * Runs the plan.
     *
     * @return how many collectives this rank called
     * @throws AssertionError naming the rank and the call, on the first wrong result or touched guard byte
     */
    public int run(List<List<PlannedCall>> plan) {
        int called = 0;
        List<InFlight> deferred = new ArrayList<>();
        for (List<PlannedCall> batch : plan) {
            List<InFlight> started = new ArrayList<>();
            for (PlannedCall call : interleaved(batch)) {
                started.add(start(call));
            }
            called += started.size();
            complete(deferred);
            deferred.clear();
            if (local.nextInt(10) < 3) {
                deferred.addAll(started);
            } else {
                complete(started);
            }
        }
        complete(deferred);
        return called;
    }

    /** This rank's calls of a batch, each communicator's in plan order, the communicators mixed at random. */
    private List<PlannedCall> interleaved(List<PlannedCall> batch) {
        Map<Integer, ArrayDeque<PlannedCall>> byCommunicator = new LinkedHashMap<>();
        for (PlannedCall call : batch) {
            if (communicators.get(call.comm()) != null) {
                byCommunicator.computeIfAbsent(call.comm(), c -> new ArrayDeque<>()).add(call);
            }
        }
        List<ArrayDeque<PlannedCall>> queues = new ArrayList<>(byCommunicator.values());
        List<PlannedCall> order = new ArrayList<>();
        while (!queues.isEmpty()) {
            int pick = local.nextInt(queues.size());
            order.add(queues.get(pick).poll());
            if (queues.get(pick).isEmpty()) {
                queues.remove(pick);
            }
        }
        return order;
    }

    private InFlight start(PlannedCall call) {
        Communicator comm = communicators.get(call.comm());
        InFlight started = switch (call.kind()) {
            case BARRIER -> new InFlight(call, comm.ibarrier(), () -> null);
            case BCAST -> bcast(comm, call);
            case ALLREDUCE -> allreduce(comm, call);
            case REDUCE, SCAN, ALLGATHER, ALLTOALL -> other(comm, call);
        };
        if (call.algorithm() != null && started.request().algorithm() != call.algorithm()) {
            throw failure(comm, call, "ran " + started.request().algorithm() + " instead");
        }
        return started;
    }

    private InFlight bcast(Communicator comm, PlannedCall call) {
        boolean root = comm.rank() == call.root();
        // the root only reads its buffer, so it may be read-only
        PlacedBuffer buffer = PlacedBuffer.place(root ? call.contribution(call.root(), comm.size()) : null, call.bytes(),
                root && local.nextInt(3) == 0, local);
        Request request = call.algorithm() == null
                ? comm.ibcast(buffer.view, call.count(), call.type(), call.root())
                : comm.bcastInit(buffer.view, call.count(), call.type(), call.root(), (BcastAlgorithm) call.algorithm()).start();
        return new InFlight(call, request, () -> buffer.difference(call.expected(comm.size(), comm.rank()), call.type()));
    }

    private InFlight allreduce(Communicator comm, PlannedCall call) {
        ByteBuffer mine = call.contribution(comm.rank(), comm.size());
        PlacedBuffer send;
        PlacedBuffer receive;
        ByteBuffer sendArgument;
        if (call.inPlace()) {
            send = null;
            receive = PlacedBuffer.place(mine, call.bytes(), false, local);
            sendArgument = switch (local.nextInt(3)) {
                case 0 -> null;
                case 1 -> receive.view;
                default -> receive.sameRegionThroughAnotherObject(local);
            };
        } else {
            send = PlacedBuffer.place(mine, call.bytes(), local.nextInt(3) == 0, local);
            receive = PlacedBuffer.place(null, call.bytes(), false, local);
            sendArgument = send.view;
        }
        Request request = call.algorithm() == null
                ? comm.iallreduce(sendArgument, receive.view, call.count(), call.type(), call.op())
                : comm.allreduceInit(sendArgument, receive.view, call.count(), call.type(), call.op(),
                        (AllreduceAlgorithm) call.algorithm()).start();
        return new InFlight(call, request, () -> {
            String input = send == null ? null : send.difference(mine, call.type());
            return input != null ? "send buffer changed: " + input
                    : receive.difference(call.expected(comm.size(), comm.rank()), call.type());
        });
    }

    /**
     * A reduce, scan, all-gather or all-to-all on the selector's algorithm: the send buffer placed
     * (read-only at times, as it is only read), the receive buffer placed with guard bytes; in place
     * (where the plan says so and MPI allows it) by a null send buffer.
     */
    private InFlight other(Communicator comm, PlannedCall call) {
        int size = comm.size();
        int rank = comm.rank();
        int block = call.bytes();
        ByteBuffer mine = call.contribution(rank, size);
        boolean rootOnly = call.kind() == PlannedCall.Kind.REDUCE;
        boolean receives = !rootOnly || rank == call.root();
        boolean inPlace = call.inPlace() && receives;
        int receiveBytes = switch (call.kind()) {
            case ALLGATHER, ALLTOALL -> size * block;
            default -> block;
        };
        ByteBuffer initial = null;
        if (inPlace) {
            initial = switch (call.kind()) {
                case ALLGATHER -> {
                    ByteBuffer own = ByteBuffer.allocateDirect(receiveBytes).order(java.nio.ByteOrder.nativeOrder());
                    own.put(rank * block, mine, 0, block);
                    yield own;
                }
                default -> mine;
            };
        }
        PlacedBuffer send = inPlace ? null : PlacedBuffer.place(mine, mine.capacity(), local.nextInt(3) == 0, local);
        PlacedBuffer receive = receives ? PlacedBuffer.place(initial, receiveBytes, false, local) : null;
        ByteBuffer sendView = send == null ? null : send.view;
        ByteBuffer receiveView = receive == null ? null : receive.view;
        Request request = switch (call.kind()) {
            case REDUCE -> comm.ireduce(sendView, receiveView, call.count(), call.type(), call.op(), call.root());
            case SCAN -> comm.iscan(sendView, receiveView, call.count(), call.type(), call.op());
            case ALLGATHER -> comm.iallgather(sendView, receiveView, call.count(), call.type());
            default -> comm.ialltoall(sendView, receiveView, call.count(), call.type());
        };
        return new InFlight(call, request, () -> {
            String input = send == null ? null : send.difference(mine, call.type());
            if (input != null) {
                return "send buffer changed: " + input;
            }
            return receive == null ? null : receive.difference(call.expected(size, rank), call.type());
        });
    }

    private void complete(List<InFlight> calls) {
        if (calls.isEmpty()) {
            return;
        }
        if (local.nextInt(5) == 0) {
            compute(local.nextInt(200_000));
        }
        List<Request> requests = new ArrayList<>(calls.size());
        calls.forEach(c -> requests.add(c.request()));
        Completion how = Completion.values()[local.nextInt(Completion.values().length)];
        try {
            how.complete(requests, progressThread, local);
        } catch (RuntimeException | AssertionError e) {
            throw new AssertionError("rank " + worldRank + ": completing " + calls.size() + " calls by " + how
                    + " (from " + calls.get(0).call() + "): " + e + "; engines: " + engineState.get(), e);
        }
        for (InFlight c : calls) {
            String wrong = c.check().get();
            if (wrong != null) {
                throw failure(communicators.get(c.call().comm()), c.call(), wrong + " (completed by " + how + ")");
            }
        }
    }

    /** Busy for {@code nanos}, as an application computing between starting and completing. */
    private static void compute(long nanos) {
        long end = System.nanoTime() + nanos;
        while (System.nanoTime() - end < 0) {
            Thread.onSpinWait();
        }
    }

    private AssertionError failure(Communicator comm, PlannedCall call, String what) {
        return new AssertionError("rank " + worldRank + " (rank " + comm.rank() + " of " + comm.size()
                + " of communicator " + call.comm() + "), " + call + ": " + what);
    }
}
