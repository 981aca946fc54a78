package dev.nbc.core.progress;

/**
 * Asks the operating system's scheduler for a short time slice for the calling thread: a service
 * (found with {@link java.util.ServiceLoader}) for a module that can make the system call, as
 * nbc-ffm does through Java's FFM API, since nbc-core itself runs on Java 17 without native code.
 *
 * <p>Why the progress thread wants one: it shares its core with the application, and under Linux's
 * EEVDF scheduler (6.6 and later) a thread that wakes up waits for the computing thread's slice
 * (milliseconds) unless its own slice is shorter (6.12 and later: {@code sched_setattr}'s
 * {@code sched_runtime} for an ordinary thread; no privileges needed). Measured across two
 * namespace hosts at 1 Gbit/s, one core each, Open MPI 4.1.4 over TCP: with the default slice a
 * 1 MiB iallreduce behind 8.4 ms of computation still needed 4.2-4.4 ms after it (median; p90
 * 15-18 ms), its progress thread held the engine while preempted for up to 4 ms; with a 100 µs
 * slice 4-6 µs (p90 2.6-3.2 ms), and the step took 13.5 ms instead of 16.2-17.4. It is asked for
 * only when {@code NBC_PROGRESS_SLICE} says so: with many collectives in flight it cost more CPU
 * than it saved (the engine's {@code ProgressThreadSlice}).
 */
public interface SchedulerSlice {

    /**
     * Sets the calling thread's time slice to {@code nanos}; null if the scheduler took it, else
     * why not, in one line (an older kernel, another system).
     */
    String setForCurrentThread(long nanos);
}
