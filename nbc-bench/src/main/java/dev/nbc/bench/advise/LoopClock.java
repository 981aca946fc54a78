package dev.nbc.bench.advise;

import dev.nbc.bench.netgauge.pattern.VirtualTimeBarrier;
import dev.nbc.bench.overlap.BusyWork;
import dev.nbc.core.transport.Transport;
import dev.nbc.core.transport.inprocess.InProcessTransport;
import dev.nbc.harness.ranks.Control;

/**
 * The clock one rank's loops are timed and computed on: the real one, on which the computation is
 * calibrated busy work ({@link BusyWork}), or an emulated network's virtual time, on which the
 * computation spins the rank's virtual clock inside {@link InProcessTransport#compute}, so that
 * what the loops measure is the model's time of that loop whatever the machine's load. Either
 * way the time is the transport's ({@link Transport#nanoTime()}).
 */
final class LoopClock {

    /** Computes for {@code nanos}, calling {@code test} after every {@code testEveryNanos} of it but the last. */
    @FunctionalInterface
    interface Computation {
        void compute(long nanos, long testEveryNanos, Runnable test);
    }

    private final Transport transport;
    private final Runnable meeting;
    private final Computation computation;
    private final String name;

    private LoopClock(Transport transport, Runnable meeting, Computation computation, String name) {
        this.transport = transport;
        this.meeting = meeting;
        this.computation = computation;
        this.name = name;
    }

    /** Now, ns. */
    long now() {
        return transport.nanoTime();
    }

    /** Returns when every rank of the group has come here; on virtual time their clocks then read alike. */
    void align() {
        meeting.run();
    }

    /**
     * Computes for {@code nanos} of this rank's CPU, calling {@code test} after every
     * {@code testEveryNanos} of it but the last ({@code testEveryNanos} 0, or {@code test} null: never).
     */
    void compute(long nanos, long testEveryNanos, Runnable test) {
        computation.compute(nanos, testEveryNanos, test);
    }

    /** "real" or "virtual", for the report. */
    String name() {
        return name;
    }

    /** The real clock of {@code transport} (System.nanoTime), the group meeting in the control plane's barrier. */
    static LoopClock real(Transport transport, Control control, BusyWork work) {
        return new LoopClock(transport, control::barrier,
                (nanos, testEveryNanos, test) -> work.chunked(nanos, test == null ? 0 : testEveryNanos, test == null ? null : test::run),
                "real");
    }

    /** Rank {@code rank}'s virtual time on {@code transport}, the group meeting in {@code barrier}. */
    static LoopClock virtual(int rank, InProcessTransport transport, VirtualTimeBarrier barrier) {
        return new LoopClock(transport, barrier.on(rank, transport), (nanos, testEveryNanos, test) -> {
            long chunk = test == null || testEveryNanos <= 0 ? nanos : testEveryNanos;
            transport.compute(() -> {
                for (long left = nanos; left > 0; ) {
                    long c = Math.min(chunk, left);
                    transport.spinUntil(transport.nanoTime() + c);
                    left -= c;
                    if (left > 0 && test != null) {
                        test.run();
                    }
                }
            });
        }, "virtual");
    }
}
