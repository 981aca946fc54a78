package dev.nbc.core.progress;

import java.util.function.LongConsumer;

/**
 * What a {@link ProgressPolicy#DEDICATED} progress thread does on a pass that changed nothing: the
 * behaviour is the strategy's ({@link Idler}, after Agrona's {@code IdleStrategy.idle(workCount)}
 * and {@code reset()}); the engine's loop only reports what its pass did.
 *
 * <p>The default, {@link #BACKOFF}, suits a machine where the progress thread shares a core with
 * the application: with collectives in flight it keeps polling (the transport needs it) but yields
 * the core after a short spin; with nothing in flight it spins briefly, then parks with a growing
 * time-out and is unparked by the next submission, so an idle library costs next to no CPU.
 */
public enum IdleStrategy {
    /** Poll without pause: lowest latency, a whole core while the engine lives. */
    BUSY_SPIN {
        @Override
        Idler idler(LongConsumer park) {
            return pausing(Thread::onSpinWait);
        }
    },
    /** Yield on every idle pass: low latency, gives way to runnable threads, but never sleeps. */
    YIELD {
        @Override
        Idler idler(LongConsumer park) {
            return pausing(Thread::yield);
        }
    },
    /** Spin, then yield while in flight; spin, then park with back-off while idle (default). */
    BACKOFF {
        @Override
        Idler idler(LongConsumer park) {
            return new Backoff(park);
        }
    };

    /**
     * Time since the last useful pass spent spinning before yielding (in flight) or parking
     * (idle): collectives often come in bursts, and a parked thread takes tens of microseconds
     * to wake.
     */
    static final long SPIN_NANOS = 50_000;
    /** First and longest park while nothing is in flight; submissions unpark at once. */
    static final long MIN_PARK_NANOS = 50_000;
    static final long MAX_PARK_NANOS = 10_000_000;

    /** An idler that does {@code pause} after every pass that did nothing, and nothing else. */
    private static Idler pausing(Runnable pause) {
        return (workCount, inFlight) -> {
            if (workCount == 0) {
                pause.run();
            }
        };
    }

    /** The idling of one progress thread by this strategy; {@code park} parks it for so many ns (a submission unparks it). */
    abstract Idler idler(LongConsumer park);

    /** One progress thread's idling, with the state a strategy keeps between passes. */
    interface Idler {
        /**
         * After a pass: {@code workCount} > 0 if it advanced a collective (then it returns at once),
         * else it idles as the strategy says; {@code inFlight} whether collectives are in flight.
         */
        void idle(int workCount, boolean inFlight);

        /** Collectives are in flight again: the next idle spell starts afresh (no back-off left over). */
        default void reset() {
        }
    }

    /** {@link #BACKOFF}'s idling: spin for {@link #SPIN_NANOS} after the last work, then yield or park. */
    private static final class Backoff implements Idler {
        private final LongConsumer park;
        private long lastWork = System.nanoTime();
        private long parkNanos = MIN_PARK_NANOS;

        Backoff(LongConsumer park) {
            this.park = park;
        }

        @Override
        public void idle(int workCount, boolean inFlight) {
            long now = System.nanoTime();
            if (workCount > 0) {
                lastWork = now;
            } else if (now - lastWork < SPIN_NANOS) {
                Thread.onSpinWait();
            } else if (inFlight) {
                Thread.yield();
            } else {
                park.accept(parkNanos);
                parkNanos = Math.min(2 * parkNanos, MAX_PARK_NANOS);
            }
        }

        @Override
        public void reset() {
            parkNanos = MIN_PARK_NANOS;
        }
    }
}
