package dev.nbc.core.progress;

import dev.nbc.core.Buffers;
import dev.nbc.core.Communicator;
import dev.nbc.core.check.CollectiveCheck;
import dev.nbc.core.datatype.DataType;
import dev.nbc.core.datatype.ReduceOp;
import dev.nbc.core.request.Request;
import dev.nbc.core.transport.inprocess.InProcessWorld;

import java.nio.ByteBuffer;

/**
 * One thread drives two in-process ranks through allreduces on fixed buffers of
 * {@link #MAX_COUNT} doubles (480 KB each), with a count that changes at every call, and prints
 * {@code DONE calls=N held=B buffers=K} with what the scratch pool held at the end. Run by
 * {@link ScratchPoolMemoryTest} in a JVM with little memory: the pool must keep within it.
 */
public final class ChangingCountAllreduce {
    static final int MAX_COUNT = 60_000;
    private static final int RANKS = 2;

    private ChangingCountAllreduce() {
    }

    public static void main(String[] args) {
        int calls = 0;
        for (int i = 0; i < args.length; i++) {
            if (args[i].equals("--calls") && i + 1 < args.length) {
                calls = Integer.parseInt(args[++i]);
            } else {
                System.err.println("usage: ChangingCountAllreduce --calls N (allreduces of 1.." + MAX_COUNT
                        + " doubles, a different count each call, over " + RANKS + " in-process ranks driven by one thread)");
                System.exit(args[i].equals("--help") ? 0 : 2);
            }
        }
        if (calls <= 0) {
            System.err.println("--calls: must be > 0 (see --help)");
            System.exit(2);
        }
        try (InProcessWorld world = new InProcessWorld(RANKS);
             ProgressEngine engine = ProgressEngine.start(ProgressMode.MANUAL, IdleStrategy.BACKOFF)) {
            Communicator[] comms = new Communicator[RANKS];
            ByteBuffer[] send = new ByteBuffer[RANKS];
            ByteBuffer[] receive = new ByteBuffer[RANKS];
            for (int r = 0; r < RANKS; r++) {
                comms[r] = Communicator.create(engine, world.transport(r), CollectiveCheck.OFF);
                send[r] = Buffers.allocate(MAX_COUNT, DataType.DOUBLE);
                receive[r] = Buffers.allocate(MAX_COUNT, DataType.DOUBLE);
                for (int e = 0; e < MAX_COUNT; e++) {
                    send[r].putDouble(8 * e, r + 1);
                }
            }
            Request[] requests = new Request[RANKS];
            for (int call = 0; call < calls; call++) {
                // a stride coprime to MAX_COUNT: every call a different count, spread over the whole range
                int count = 1 + (int) ((call * 7_919L) % MAX_COUNT);
                for (int r = 0; r < RANKS; r++) {
                    requests[r] = comms[r].iallreduce(send[r], receive[r], count, DataType.DOUBLE, ReduceOp.SUM);
                }
                for (Request request : requests) {
                    request.await();
                }
                double sum = receive[0].getDouble(8 * (count - 1));
                if (sum != RANKS * (RANKS + 1) / 2.0) {
                    throw new AssertionError("call " + call + ", count " + count + ": the last element is " + sum);
                }
            }
            ProgressStatistics statistics = engine.statistics();
            System.out.println("DONE calls=" + calls + " " + statistics);
        }
    }
}
