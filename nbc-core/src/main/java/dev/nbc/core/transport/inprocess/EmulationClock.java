package dev.nbc.core.transport.inprocess;

import java.util.concurrent.atomic.AtomicLong;

/**
 * The clock by which an {@link EmulatedNetwork} keeps its times, one per rank; a rank's transport
 * shows it as {@link InProcessTransport#nanoTime()}.
 *
 * <p>{@link #system()}, the default: {@link System#nanoTime()}, the same for every rank. A
 * message is observed when its receiver polls after its arrival time, so the emulation is never
 * early and is late by however long the receiver did not poll, descheduling included: measured
 * times are the planted ones only on an idle machine (docs/in-process-transport.md has the
 * accuracy).
 *
 * <p>{@link #virtual()}: each rank's own time, which moves only by the network's rules. A send
 * moves it by o_s; waiting for an operation moves it at once to when the operation completes
 * (the last byte injected; arrival, then o_r); {@link #spinUntil} moves it to the deadline. Nothing
 * else takes time: not the copies, not the code between calls, not the machine's load, so what is
 * measured on it is the model's time exactly, however busy the machine is. A program's own
 * computation counts only as the program says, inside {@link InProcessTransport#compute}: it spins
 * there for the time it computes, and its tests meanwhile compare instead of waiting. So it suits
 * programs that only communicate (ping-pongs, the parameter assessment), loops that compute
 * between a collective's start and its wait, and tests of the network's rules.
 */
public interface EmulationClock {

    /** Now, in nanoseconds. */
    long now();

    /**
     * Whether {@code time} has come, {@code now} having been read from this clock: the real clock
     * compares; a virtual one moves to {@code time} (waiting costs nothing) and says yes.
     */
    boolean reached(long time, long now);

    /** Returns when the clock reads at least {@code deadline}: the real clock busy-waits, a virtual one moves there. */
    void spinUntil(long deadline);

    /** {@link System#nanoTime()}, shared by every rank. */
    static EmulationClock system() {
        return SystemClock.INSTANCE;
    }

    /** A new virtual clock at 0, for one rank. */
    static EmulationClock virtual() {
        return new VirtualClock();
    }

    /** The real clock. */
    enum SystemClock implements EmulationClock {
        INSTANCE;

        @Override
        public long now() {
            return System.nanoTime();
        }

        @Override
        public boolean reached(long time, long now) {
            return now - time >= 0;
        }

        /** Busy-waits, because the time being spent is CPU time the thread cannot use for anything else. */
        @Override
        public void spinUntil(long deadline) {
            while (System.nanoTime() - deadline < 0) {
                Thread.onSpinWait();
            }
        }
    }

    /** A rank's virtual time; atomic, as a rank's application thread and progress thread may both move it. */
    final class VirtualClock implements EmulationClock {
        private final AtomicLong time = new AtomicLong();

        private VirtualClock() {
        }

        @Override
        public long now() {
            return time.get();
        }

        @Override
        public boolean reached(long when, long now) {
            spinUntil(when);
            return true;
        }

        @Override
        public void spinUntil(long deadline) {
            time.accumulateAndGet(deadline, Math::max);
        }

        @Override
        public String toString() {
            return "virtual time " + time.get() + " ns";
        }
    }
}
