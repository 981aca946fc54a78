package dev.nbc.core.progress;

import static dev.nbc.core.internal.ProgressHook.CLOCK_NOT_READ;

import com.lmax.disruptor.BusySpinWaitStrategy;
import com.lmax.disruptor.EventPoller;
import com.lmax.disruptor.InsufficientCapacityException;
import com.lmax.disruptor.RingBuffer;
import dev.nbc.core.check.CallSignature;
import dev.nbc.core.request.NbcException;
import dev.nbc.core.internal.EngineAccess;
import dev.nbc.core.internal.ProgressHook;
import dev.nbc.core.internal.RequestAccess;
import dev.nbc.core.request.Request;
import dev.nbc.core.schedule.Schedule;
import dev.nbc.core.transport.ActivitySignal;
import dev.nbc.core.transport.Transport;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.ByteBuffer;
import java.time.Duration;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.LongAdder;
import java.util.concurrent.locks.LockSupport;
import java.util.function.Supplier;

/**
 * Advances every schedule in flight, of every communicator, from one place: the progress loop.
 *
 * <p>An application thread that starts a collective starts it itself, in a pass under the pass
 * lock; when another thread holds the lock, it hands the execution over through an LMAX Disruptor
 * ring (multi-producer). Every pass takes what the ring holds first, with an {@link EventPoller}
 * rather than a blocking consumer, so that one thread can interleave taking new work with polling
 * the transports; the poller's sequence gates the producers, so a slot is reused only after a pass
 * has taken it.
 *
 * <p>Who runs the loop: passes are serialized by a lock, so the executions in flight are only ever
 * touched by one thread at a time. An application thread that starts, tests or awaits a
 * collective runs passes itself (a start puts the first round on the wire before it returns), and
 * while it is inside the library the progress thread keeps off the engine. What the progress
 * thread does while the application is away depends on the engine's {@link ProgressPolicy}:
 * {@link ProgressPolicy#DEDICATED} polls, idling by its {@link IdleStrategy};
 * {@link ProgressPolicy#SHARED} takes over only once the application has been away for a while
 * ({@link ApplicationPresence#takeOverAt()}) and sleeps until the next round is expected to
 * complete ({@link RoundTimes}); it is woken when the application leaves work behind, unless the
 * application typically comes back sooner than the thread could help, and otherwise looks with a
 * back-off from {@link #MIN_RECHECK_NANOS} to {@link #MAX_RECHECK_NANOS}. So in a loop of
 * back-to-back collectives it neither holds the engine nor takes the core.
 *
 * <p>A collective that fails, fails its request; what else happens, so that its peers do not wait
 * forever, is the engine's {@link ErrorPolicy} (end the job, or revoke the transport).
 *
 * <p>If the thread dies, every collective in flight fails and every later submission fails at
 * once; {@link #close()} stops and joins the thread (do it before {@code MPI.Finalize()}) and fails
 * whatever is still in flight.
 */
public final class ProgressEngine implements AutoCloseable {
    static {
        EngineAccess.register(ProgressEngine::submit);
    }

    /** What this engine's requests call on it (not public: {@link ProgressHook} is the library's own). */
    private final ProgressHook hook = new ProgressHook() {
        @Override
        public void progressOnce(long now) {
            ProgressEngine.this.progressOnce(now);
        }

        @Override
        public void futureTaken() {
            ProgressEngine.this.futureTaken();
        }

        @Override
        public void beginActiveWait(long now) {
            ProgressEngine.this.enter(now);
        }

        @Override
        public void endActiveWait(boolean handOver, long now) {
            ProgressEngine.this.endActiveWait(handOver, now);
        }

        @Override
        public void endBlockedWait() {
            ProgressEngine.this.endBlockedWait();
        }

        @Override
        public boolean takesOverBlockedWaiters() {
            return ProgressEngine.this.takesOverBlockedWaiters();
        }
    };

    private static final int RING_SIZE = 4096;
    /** Engines with a live progress thread in this JVM: the demand for cores ({@link ProgressPolicy#forCores}). */
    private static final AtomicInteger THREAD_ENGINES = new AtomicInteger();

    /**
     * SHARED: while there is nothing for it to do, the thread looks again after this long, twice
     * as long each time it found nothing, up to {@link #MAX_RECHECK_NANOS}. Looks are the safety
     * net: work it should take over is normally announced by the application leaving the library.
     */
    static final long MIN_RECHECK_NANOS = 200_000;
    static final long MAX_RECHECK_NANOS = 50_000_000;
    /** SHARED: polls of a round that is overdue back off from this ... */
    static final long MIN_POLL_NANOS = 10_000;
    /** ... to this; and a round in flight on a transport that moves data only when polled is polled at least this often ... */
    static final long MAX_POLL_NANOS = 1_000_000;
    /**
     * ... or, for a round whose largest message is longer, once per this many bytes of it at the
     * round's learned pace (at most {@link #MAX_PACED_POLL_NANOS} apart): MPI writes what a full
     * socket could not take only when called, and a socket holds this much. Polled every 1 ms, a
     * 1 MiB allreduce across namespace hosts at 1 Gbit/s woke the thread 16 times a run, and each
     * wake-up costs the shared core 20-30 us of CPU on this VM (docs/across-hosts.md).
     */
    static final int POLL_PACE_BYTES = 256 * 1024;
    static final long MAX_PACED_POLL_NANOS = 10_000_000;
    /** A sleep shorter than this is not worth a park: it costs more than it saves. */
    static final long MIN_SLEEP_NANOS = 5_000;
    /** Timer slack of the progress thread: it wakes when a round is due, not 50 us later. */
    static final long TIMER_SLACK_NANOS = 1_000;
    /** plannedWake while the thread runs (no wake-up needed). */
    private static final long RUNNING = Long.MIN_VALUE;
    /**
     * SHARED on a transport with an {@link ActivitySignal}: the longest wait for its activity, a
     * safety net (the signal wakes the thread for everything a poll could move).
     */
    static final long MAX_ACTIVITY_WAIT_NANOS = 10_000_000;
    /** Learned round times of at most this many schedules are kept (schedules are cached per shape). */
    private static final int MAX_TIMED_SCHEDULES = 1024;

    private static final class StartEvent {
        Execution execution;
    }

    private final ProgressMode mode;
    /** The policy the user forced, or null to follow the machine ({@link #policy()}). */
    private final ProgressPolicy forcedPolicy;
    private final IdleStrategy idleStrategy;
    private final RingBuffer<StartEvent> ring;
    private final EventPoller<StartEvent> poller;
    private final List<Execution> active = new ArrayList<>();
    /**
     * Failed executions whose last round still has operations the transport may complete into
     * their buffers; polled at every pass, their scratch buffers go back to the pool only once
     * drained. Not counted in flight: their requests have failed, and nobody waits for them.
     */
    private final List<Execution> draining = new ArrayList<>();
    private final ScratchPool scratch;
    private final Map<Schedule, RoundTimes> roundTimes = new IdentityHashMap<>();
    private final PassLock passLock = new PassLock();
    private final ApplicationPresence presence = new ApplicationPresence();
    private final Thread thread;
    private volatile boolean running = true;
    /**
     * When the progress thread will next look without being woken: {@link #RUNNING} while it runs,
     * {@code Long.MAX_VALUE} while it is parked until woken.
     */
    private volatile long plannedWake = RUNNING;
    /**
     * The activity signal of the one transport every collective in flight runs on, if it has one
     * (SHARED; set by each pass): the thread then waits for the transport's events instead of
     * sleeping for learned round times, and a waiting application thread leaves the polling to it.
     */
    private volatile ActivitySignal activity;
    /** The signal the thread is waiting on right now, for a caller to wake it ({@link #awaitActivity}); null otherwise. */
    private volatile ActivitySignal waitingOn;
    /** Set by a caller that wants the thread to look at its work ({@link #sleepUntil}). */
    private volatile boolean wakeWanted;
    /** The most ranks in this process of any transport this engine has served ({@link Transport#ranksInThisProcess()}). */
    private volatile int ranksInProcess = 1;
    /** The earliest time a collective in flight is expected to need a poll (SHARED); MAX_VALUE if none. */
    private volatile long nextDue = Long.MAX_VALUE;
    /**
     * Set once the application took a request's future: it may then wait for a completion without
     * calling into the library, so a SHARED thread completes last rounds too ({@link Execution#dueAt}).
     */
    private volatile boolean futuresTaken;
    /** Collectives submitted and not yet finished. */
    private final AtomicInteger inFlight = new AtomicInteger();
    private volatile Throwable failure;
    private volatile ErrorPolicy errorPolicy;
    /** The progress thread's scheduler slice asked for ({@link ProgressThreadSlice}), µs; 0 for the scheduler's default. */
    private final long sliceMicros;
    /** What the progress thread got ({@link #schedulerSlice()}); null until it has started. */
    private volatile String schedulerSlice;
    /** {@link #setPeerTimeout}, in nanoseconds; 0 for none. */
    private volatile long peerTimeoutNanos;
    /** Counters of the progress thread (written by it only) and of callers (any thread). */
    private long threadWakeups;
    private long threadPasses;
    private long threadProgress;
    private final LongAdder wakeupsByCallers = new LongAdder();
    private final LongAdder callerPassesMissed = new LongAdder();

    private ProgressEngine(ProgressMode mode, ProgressPolicy forcedPolicy, IdleStrategy idleStrategy) {
        this.errorPolicy = ErrorPolicy.fromEnvironment();
        this.peerTimeoutNanos = PeerTimeout.fromEnvironment().toNanos();
        this.sliceMicros = ProgressThreadSlice.fromEnvironment();
        this.scratch = new ScratchPool(ScratchPool.processBound());
        this.mode = mode;
        this.forcedPolicy = forcedPolicy;
        this.idleStrategy = idleStrategy;
        // Consumed through a poller only (passes drain it; the thread parks and is unparked on its
        // own terms), so no one ever waits on the ring's wait strategy: one whose publish signals
        // nothing. The default (blocking) strategy took a lock and signalled a condition at every
        // publish, a third of a collective's cost at P = 1 (JFR).
        this.ring = RingBuffer.createMultiProducer(StartEvent::new, RING_SIZE, new BusySpinWaitStrategy());
        this.poller = ring.newPoller();
        ring.addGatingSequences(poller.getSequence());
        if (mode == ProgressMode.THREAD) {
            THREAD_ENGINES.incrementAndGet();
            thread = new Thread(this::loop, "nbc-progress");
            thread.setDaemon(true);
            thread.start();
        } else {
            thread = null;
        }
    }

    /** An engine with a progress thread, its policy chosen for this machine, and the default idle strategy. */
    public static ProgressEngine start() {
        return start(ProgressMode.THREAD, IdleStrategy.BACKOFF);
    }

    /**
     * An engine with ({@link ProgressMode#THREAD}) or without a progress thread; with one, the
     * policy follows the machine ({@link ProgressPolicy}) unless {@code NBC_PROGRESS} or
     * {@code -Dnbc.progress} forces one. {@code idleStrategy} is how a {@link ProgressPolicy#DEDICATED}
     * thread idles.
     *
     * @throws IllegalArgumentException if an argument is null, NBC_PROGRESS names no policy or NBC_SCRATCH_BYTES is no size
     */
    public static ProgressEngine start(ProgressMode mode, IdleStrategy idleStrategy) {
        if (mode == null) {
            throw new IllegalArgumentException("mode: must not be null");
        }
        if (idleStrategy == null) {
            throw new IllegalArgumentException("idleStrategy: must not be null");
        }
        ProgressPolicy forced = mode == ProgressMode.MANUAL ? ProgressPolicy.MANUAL : ProgressPolicy.forced();
        if (forced == ProgressPolicy.MANUAL) {
            mode = ProgressMode.MANUAL;
        }
        return new ProgressEngine(mode, forced, idleStrategy);
    }

    /** An engine with the given policy, whatever the machine (idle strategy BACKOFF). */
    public static ProgressEngine start(ProgressPolicy policy) {
        return start(policy, IdleStrategy.BACKOFF);
    }

    /** An engine with the given policy, whatever the machine; {@code idleStrategy} is how a DEDICATED thread idles. */
    public static ProgressEngine start(ProgressPolicy policy, IdleStrategy idleStrategy) {
        if (policy == null) {
            throw new IllegalArgumentException("policy: must not be null");
        }
        if (idleStrategy == null) {
            throw new IllegalArgumentException("idleStrategy: must not be null");
        }
        return new ProgressEngine(policy == ProgressPolicy.MANUAL ? ProgressMode.MANUAL : ProgressMode.THREAD, policy,
                idleStrategy);
    }

    public ProgressMode mode() {
        return mode;
    }

    /**
     * How collectives progress now: the forced policy, MANUAL without a thread, else DEDICATED or
     * SHARED by the cores this JVM has for the engines with a thread (it changes as engines come and go).
     */
    public ProgressPolicy policy() {
        return forcedPolicy != null ? forcedPolicy
                : ProgressPolicy.forCores(Math.max(THREAD_ENGINES.get(), ranksInProcess));
    }

    public IdleStrategy idleStrategy() {
        return idleStrategy;
    }

    /** What a failed collective does beyond failing its request ({@link ErrorPolicy}); from NBC_ERRORS, FAIL_FAST by default. */
    public ErrorPolicy errorPolicy() {
        return errorPolicy;
    }

    /** Sets the error policy for the failures from now on; every rank should use the same. */
    public void setErrorPolicy(ErrorPolicy policy) {
        if (policy == null) {
            throw new IllegalArgumentException("policy: must not be null");
        }
        this.errorPolicy = policy;
    }

    /**
     * How long a collective's round may wait without any of its sends or receives completing: then
     * the collective fails with a {@link PeerLostException} naming the peer it waits for, and the
     * error policy acts (FAIL_FAST ends the job). From {@code NBC_PEER_TIMEOUT}
     * ({@code -Dnbc.peer.timeout}), 60 s by default; {@link Duration#ZERO} if none.
     */
    public Duration peerTimeout() {
        return Duration.ofNanos(peerTimeoutNanos);
    }

    /**
     * Sets the peer timeout for the rounds polled from now on ({@link #peerTimeout()}); {@link Duration#ZERO}
     * waits for ever. Every rank should use the same.
     */
    public void setPeerTimeout(Duration timeout) {
        if (timeout == null || timeout.isNegative()) {
            throw new IllegalArgumentException("timeout: must be zero (none) or positive, but was " + timeout);
        }
        this.peerTimeoutNanos = timeout.toNanos();
    }

    /** True until the engine is closed or its thread has died: submissions are accepted. */
    public boolean isOpen() {
        return running && failure == null;
    }

    /**
     * Starts running {@code schedule} over {@code transport} with {@code tag}; the caller (a
     * communicator, through {@link EngineAccess}) has checked the arguments. {@code input}/{@code output}
     * are bound to slots INPUT/OUTPUT (either may be null if the schedule does not use it).
     * {@code signature} is the call's, for a schedule with the consistency check's rounds
     * ({@code CollectiveCheck.prepare}); null for one without. {@code beforeCompletion} (or null) runs
     * once the collective has succeeded and before its request completes (copying staged buffers out
     * to the caller's arrays); if it throws, the request fails.
     *
     * @throws IllegalStateException if the engine is closed or its thread has died
     */
    private Request submit(Schedule schedule, Transport transport, int tag, ByteBuffer input, ByteBuffer output,
                           Supplier<String> description, CallSignature signature, Runnable beforeCompletion) {
        checkUsable(description);
        if (transport.ranksInThisProcess() > ranksInProcess) {
            ranksInProcess = transport.ranksInThisProcess();
        }
        Request request = RequestAccess.create(description, schedule.algorithm(), hook);
        Execution execution = new Execution(schedule, transport, tag, input, output, request, signature);
        execution.beforeCompletion(beforeCompletion);
        if (schedule.runsLocally()) {
            runLocally(execution);
            return request;
        }
        long now = clockForEntry();
        enter(now);
        try {
            publish(execution, now);
        } finally {
            // A fresh reading for the exit: the start's pass may have run long (the first round's
            // copies and reductions, an emulated network's injection time), and an exit dated at
            // the entry made the absence after it look long (a 256 KiB allreduce started and
            // awaited at once counted as "away after a start" seven times in ten).
            leave(false, true, clockForEntry());
        }
        return request;
    }

    /**
     * A schedule that neither communicates nor touches scratch memory (every collective on one
     * rank: nothing, or a copy; {@link Schedule#runsLocally()}) runs to completion here, on the caller's thread. It shares nothing with
     * the collectives in flight, so it needs neither the ring, nor the pass lock, nor the progress
     * thread: at P = 1 those were most of a collective's cost (0.2-0.4 us against Open MPI's
     * 0.04-0.09 us). Its outcome is the same as through a pass: completed, or failed
     * through the error policy.
     */
    private void runLocally(Execution execution) {
        boolean done;
        try {
            done = execution.start(null, null, 0);
        } catch (RuntimeException e) {
            NbcException failure = execution.failure(e);
            handleByPolicy(execution, failure);
            RequestAccess.fail(execution.request(), failure);
            return;
        }
        if (!done) {
            throw new IllegalStateException(execution.schedule() + " posted communication, but it has none");
        }
        complete(execution);
    }

    /**
     * Starts the collective here, so that its first round is on the wire when the call returns:
     * directly, under the pass lock, when no other thread holds it (after whatever the ring holds,
     * started first); through the ring for the lock's holder to start otherwise. Going through
     * the ring when the caller drains it at once anyway cost a claim, a publish and a poll of the
     * ring at every start.
     */
    private void publish(Execution execution, long now) {
        inFlight.incrementAndGet();
        if (!passIfFree(false, now, execution)) {
            publishToRing(execution, now);
        }
        // The thread may have died (or the engine closed) before the start, or between our check
        // and the publish, after its last drain of the ring: fail the request ourselves rather than
        // leave it hanging.
        Throwable dead = failure;
        if (dead != null || !running) {
            RequestAccess.fail(execution.request(), deathFailure(execution, dead));
        }
    }

    private void publishToRing(Execution execution, long now) {
        long sequence;
        while (true) {
            try {
                sequence = ring.tryNext();
                break;
            } catch (InsufficientCapacityException full) {
                // The ring drains only in passes; this thread is inside the library, so it runs them.
                passFromCaller(true, clockForEntry());
                Thread.yield();
                checkUsable(execution.request()::description);
            }
        }
        ring.get(sequence).execution = execution;
        ring.publish(sequence);
        // The lock's holder was busy a moment ago: it may be free now, and the first round should
        // be on the wire when the call returns.
        passIfFree(false, now, null);
    }

    /** Refuses a collective ({@code description}) in the caller once the engine cannot run it. */
    private void checkUsable(Supplier<String> description) {
        Throwable dead = failure;
        if (dead != null) {
            throw new IllegalStateException(description.get() + ": the progress engine has failed: " + dead, dead);
        }
        if (!running) {
            throw new IllegalStateException(description.get() + ": the progress engine is closed");
        }
    }

    private void progressOnce(long callerNow) {
        long now = callerNow != CLOCK_NOT_READ ? callerNow : clockForEntry();
        enter(now);
        try {
            passFromCaller(true, now);
        } finally {
            leave(false, false, now);
        }
    }

    /**
     * The time for an application thread's entry into the library, read once and shared by the
     * presence bookkeeping and the pass (a SHARED thread's take-over and sleeps are all it serves):
     * each read costs ~25 ns on this machine's VM, and an 8 B broadcast at P = 2 read it eight
     * times, 18 % of its time. {@link #CLOCK_NOT_READ} where no SHARED thread needs it.
     */
    private long clockForEntry() {
        return thread != null && policy() == ProgressPolicy.SHARED ? System.nanoTime() : CLOCK_NOT_READ;
    }

    /**
     * Under the pass lock, so that no pass computing the next due time from the old setting can
     * overwrite the one set here; once per engine.
     */
    private void futureTaken() {
        if (futuresTaken || thread == null) {
            return;
        }
        passLock.lock();
        try {
            futuresTaken = true;
            nextDue = System.nanoTime();
        } finally {
            passLock.unlock();
        }
        LockSupport.unpark(thread);
    }

    private void endActiveWait(boolean handOver, long now) {
        if (handOver) {
            presence.block();
        }
        leave(handOver, false, now);
    }

    /**
     * An application thread enters the library (tracked only for a progress thread's sake);
     * {@code now} is its clock reading, or {@link #CLOCK_NOT_READ}.
     */
    private void enter(long now) {
        EngineTrace.note(EngineTrace.Event.ENTER, 0);
        if (thread != null) {
            presence.enter(now);
        }
    }

    private void endBlockedWait() {
        presence.unblock();
    }

    /**
     * A waiting application thread parks and leaves the polling to the progress thread where that
     * thread has a core of its own, or waits for its transport's activity: then a long wait costs
     * no CPU (a core shared with the application's other work, or the kernel's network work).
     */
    private boolean takesOverBlockedWaiters() {
        return thread != null && (activity != null || policy() == ProgressPolicy.DEDICATED);
    }

    /**
     * An application thread leaves the library ({@code started}: a start, which leaves its new
     * collective in flight). If it leaves work in flight that the progress
     * thread should take over, and the thread would look too late (it sleeps past the time the
     * work is due, or is parked), wake it: only when the application blocks or often stays away
     * long enough for the thread to help.
     */
    private void leave(boolean handOver, boolean started, long now) {
        EngineTrace.note(EngineTrace.Event.LEAVE, (started ? 1 : 0) | (handOver ? 2 : 0));
        if (thread == null) {
            return;
        }
        boolean shared = policy() == ProgressPolicy.SHARED;
        if (!presence.exit(handOver, shared, now) || inFlight.get() == 0) {
            return;
        }
        if (started) {
            // Whatever the thread is doing now: the absence that begins here is one after a start.
            // Only a start's: the short absences between the waits that end a step (await one
            // request, then the next) counted too, and 25 of them after 25 starts (a training
            // step's buckets) dragged the share below a quarter, so that the next step's starts
            // no longer woke a thread asleep for up to 50 ms while the application computed.
            presence.leftWorkInFlight();
        }
        // SHARED: only an application that often stays away after a start (start, compute, wait)
        // has the thread woken; one that computes and then starts and waits at once, or a loop of
        // back-to-back collectives, is back before the thread could help, and waking it costs the
        // caller a system call and, on a shared core, 10-50 us of its core.
        if (!handOver && !(shared ? presence.oftenAwayAfterStart() : presence.oftenAway())) {
            return;
        }
        // Before the look at the thread's announcement, so that a thread still deciding sees it
        // (sleepUntil): a thread found running is not woken.
        wakeWanted = true;
        long planned = plannedWake;
        if (planned == RUNNING) {
            return;
        }
        if (now == CLOCK_NOT_READ) {
            now = System.nanoTime();
        }
        long wanted = handOver || !shared ? now : Math.max(nextDue, now + ApplicationPresence.HANDOFF_NANOS);
        if (planned - wanted > MIN_POLL_NANOS) {
            wakeupsByCallers.increment();
            LockSupport.unpark(thread);
            ActivitySignal signal = waitingOn;
            if (signal != null) {
                signal.wakeUp();
            }
        }
    }

    private void passFromCaller(boolean pollActive, long now) {
        if (!passIfFree(pollActive, now, null)) {
            callerPassesMissed.increment();
        }
    }

    /** A pass on the calling application thread (starting {@code submitted} if not null) unless another thread holds the engine; false if one did. */
    private boolean passIfFree(boolean pollActive, long now, Execution submitted) {
        if (!passLock.tryLock()) {
            return false;
        }
        try {
            if (failure == null && running) {
                pass(false, pollActive, now, submitted);
            }
        } catch (Throwable t) {
            die(t);
        } finally {
            passLock.unlock();
        }
        return true;
    }

    /** A pass on the progress thread, unless another thread holds the engine. */
    private boolean passOnThread(long now) throws Exception {
        if (!passLock.tryLock()) {
            return false;
        }
        try {
            threadPasses++;
            EngineTrace.note(EngineTrace.Event.PASS, 0);
            boolean changed = pass(true, true, now, null);
            EngineTrace.note(EngineTrace.Event.PASS_END, changed ? 1 : 0);
            if (changed) {
                threadProgress++;
            }
            return changed;
        } finally {
            passLock.unlock();
        }
    }

    /**
     * One pass of the progress loop: take new executions, poll every one in flight. On the
     * progress thread the pass stops early when an application thread enters the library, so that
     * it finds the engine free. {@code pollActive} false only starts what was submitted (a start's
     * own pass: its first round goes on the wire, and the other collectives in flight wait for the
     * next test, await or the thread; polling them all at every start made a burst of n starts cost
     * n^2 polls). {@code submitted}, if not null, is started after what the ring holds: a start
     * that took the lock itself ({@link #publish}).
     */
    private boolean pass(boolean onThread, boolean pollActive, long callerNow, Execution submitted) throws Exception {
        // Round times serve only a SHARED thread's sleeps: otherwise no clock is read (25 ns a
        // read on this machine's VM, several per collective: the JMH engine overhead). The
        // caller's reading is used when it has one (clockForEntry).
        boolean timed = thread != null && policy() == ProgressPolicy.SHARED;
        long now = !timed ? 0 : callerNow != CLOCK_NOT_READ ? callerNow : System.nanoTime();
        int known = active.size();
        scratch.shareAmong(ranksInProcess);
        passTimed = timed;
        passNow = now;
        boolean changed = poller.poll(startFromRing) == EventPoller.PollState.PROCESSING;
        if (submitted != null) {
            start(submitted, timed, now);
            changed = true;
        }
        for (int i = pollActive ? active.size() - 1 : -1; i >= 0; i--) {
            if (onThread && presence.anyInside()) {
                break;
            }
            Execution execution = active.get(i);
            int roundBefore = execution.currentRound();
            boolean done;
            try {
                done = execution.poll(now, peerTimeoutNanos);
            } catch (RuntimeException e) {
                removeAt(active, i);
                fail(execution, e);
                changed = true;
                continue;
            }
            if (done) {
                removeAt(active, i);
                finish(execution);
                changed = true;
            } else if (execution.currentRound() != roundBefore) {
                // A round completed and the next is posted: progress too. Counted as none, it let
                // the thread's poll interval grow to its longest after every pass that posted a
                // round but finished no collective, so the next round found still running waited
                // 1 ms for the thread's next look.
                changed = true;
            }
        }
        drainFailed();
        if (timed) {
            long due = pollActive ? Long.MAX_VALUE : nextDue;
            for (int i = pollActive ? 0 : known; i < active.size(); i++) {
                due = Math.min(due, active.get(i).dueAt(futuresTaken));
            }
            nextDue = due;
            ActivitySignal common = commonSignal();
            if (common != activity) {
                activity = common;
            }
        }
        return changed;
    }

    /** The running pass's {@code timed} and clock, for {@link #startFromRing} (written and read under the pass lock). */
    private boolean passTimed;
    private long passNow;
    /**
     * The ring's handler, made once: a lambda capturing the pass's clock was allocated at every
     * pass wherever the JIT did not inline the poll (64 B a collective under a progress thread).
     */
    private final EventPoller.Handler<StartEvent> startFromRing = (event, sequence, endOfBatch) -> {
        Execution execution = event.execution;
        event.execution = null;
        start(execution, passTimed, passNow);
        return true;
    };

    /** Binds and posts the first round of a new execution: in flight, done at once, or failed. */
    private void start(Execution execution, boolean timed, long now) {
        try {
            if (execution.start(scratch, timed ? timesOf(execution.schedule()) : null, now)) {
                finish(execution);
            } else {
                active.add(execution);
            }
        } catch (RuntimeException e) {
            fail(execution, e);
        }
    }

    /** The activity signal of the transport every collective in flight runs on; null if none is in flight, they run on several, or it has none. */
    private ActivitySignal commonSignal() {
        ActivitySignal common = null;
        for (int i = 0; i < active.size(); i++) {
            ActivitySignal signal = active.get(i).transport().activitySignal();
            if (signal == null || (common != null && signal != common)) {
                return null;
            }
            common = signal;
        }
        return common;
    }

    private RoundTimes timesOf(Schedule schedule) {
        RoundTimes times = roundTimes.get(schedule);
        if (times == null) {
            if (roundTimes.size() >= MAX_TIMED_SCHEDULES) {
                roundTimes.clear();
            }
            times = new RoundTimes(schedule);
            roundTimes.put(schedule, times);
        }
        return times;
    }

    /** Removes element {@code index} in O(1), moving the last into its place (order does not matter). */
    private static void removeAt(List<Execution> executions, int index) {
        int last = executions.size() - 1;
        executions.set(index, executions.get(last));
        executions.remove(last);
    }

    private void finish(Execution execution) {
        execution.release(scratch);
        inFlight.decrementAndGet();
        complete(execution);
    }

    /** Completes the request of an execution that succeeded, after its {@code beforeCompletion} step. */
    private static void complete(Execution execution) {
        Runnable before = execution.beforeCompletion();
        if (before != null) {
            try {
                before.run();
            } catch (RuntimeException e) {
                // the collective itself succeeded on every rank: only this rank's own step failed
                RequestAccess.fail(execution.request(), execution.failure(e));
                return;
            }
        }
        RequestAccess.complete(execution.request());
    }

    /**
     * The error policy acts first: peers must learn of the failure even if the request's owner
     * never looks. Then the round's posted operations are withdrawn where possible and the request
     * fails at once (nobody waits for operations that may never complete); the scratch buffers
     * wait until none of those operations can land there any more ({@link #draining}).
     */
    private void fail(Execution execution, RuntimeException cause) {
        NbcException failure = execution.failure(cause);
        handleByPolicy(execution, failure);
        execution.cancelRound();
        inFlight.decrementAndGet();
        RequestAccess.fail(execution.request(), failure);
        if (execution.drained()) {
            execution.release(scratch);
        } else {
            draining.add(execution);
        }
    }

    /** A policy that cannot tell the peers (a revocation MPI refused) must not take the engine down: the request reports it. */
    private void handleByPolicy(Execution execution, NbcException failure) {
        try {
            errorPolicy.handle(execution.transport(), failure);
        } catch (RuntimeException e) {
            failure.addSuppressed(e);
        }
    }

    private void drainFailed() {
        for (int i = draining.size() - 1; i >= 0; i--) {
            Execution execution = draining.get(i);
            if (execution.drained()) {
                execution.release(scratch);
                removeAt(draining, i);
            }
        }
    }

    private void loop() {
        TimerSlack.setForCurrentThread(TIMER_SLACK_NANOS);
        String refused = ProgressThreadSlice.applyToCurrentThread(sliceMicros);
        schedulerSlice = refused == null ? sliceMicros + " us" : "default (" + refused + ")";
        try {
            IdleStrategy.Idler idler = idleStrategy.idler(this::parkUntilWoken);
            // A new engine starts at the longest recheck: the wake-ups of a back-off from 0.2 ms
            // fell on the first collectives measured with it and stalled them (each wake-up risks
            // a 4 ms scheduler tick for the ranks polling on this machine's busy cores).
            long recheck = MAX_RECHECK_NANOS;
            long poll = MIN_POLL_NANOS;
            while (running && failure == null) {
                long now = System.nanoTime();
                if (policy() == ProgressPolicy.SHARED) {
                    long takeOver = presence.takeOverAt();
                    boolean idle = inFlight.get() == 0;
                    if (idle || takeOver - now > 0) {
                        // Nothing to do, or the application drives the engine (or has just left it).
                        // Wake up for the take-over only when it is near: each wake-up of this
                        // thread risked a stall of a scheduler tick (4 ms) for the ranks polling on
                        // an oversubscribed machine, so a back-to-back loop must see almost none.
                        // With nothing in flight the look is only the safety net (a start that
                        // wants us wakes us): the back-off's short looks after the last collective
                        // ended were 4-5 wake-ups on the computing core per start, compute, wait.
                        long look = now + (idle ? MAX_RECHECK_NANOS : recheck);
                        boolean soon = !idle && (presence.oftenAway() || presence.anyBlocked());
                        sleepUntil(soon ? Math.min(firstWorkAt(takeOver), look) : look, now);
                        recheck = Math.min(2 * recheck, MAX_RECHECK_NANOS);
                        continue;
                    }
                    // A blocked waiter leaves everything to us: nothing waits for its due time. Nor
                    // does a collective submitted while a pass held the engine (its start's own pass
                    // found the lock taken): no due time counts it until a pass starts it, and an
                    // application waiting on its future never would.
                    ActivitySignal signal = activity;
                    if (signal != null && !unstarted() && (presence.anyBlocked() || nextDue != Long.MAX_VALUE)) {
                        // The transport tells when a poll can move something: poll, then wait for it.
                        if (passOnThread(now)) {
                            recheck = MIN_RECHECK_NANOS;
                        } else {
                            awaitActivity(signal, now + MAX_ACTIVITY_WAIT_NANOS, now);
                        }
                        continue;
                    }
                    boolean waitedFor = presence.anyBlocked() || unstarted();
                    long due = waitedFor ? now : nextDue;
                    if (due - now > MIN_SLEEP_NANOS) {
                        sleepUntil(Math.min(due, now + MAX_PACED_POLL_NANOS), now);
                        continue;
                    }
                    if (passOnThread(now)) {
                        poll = MIN_POLL_NANOS;
                        recheck = MIN_RECHECK_NANOS;
                    } else {
                        sleepUntil(nextLookAfterIdlePass(now, poll, nextDue, waitedFor), now);
                        poll = Math.min(2 * poll, MAX_POLL_NANOS);
                    }
                    continue;
                }
                if (inFlight.get() == 0) {
                    idler.idle(0, false);
                    continue;
                }
                idler.reset();
                if (presence.anyInside()) {
                    // A waiting application thread polls for everyone: step aside until it leaves.
                    parkUntilWoken(IdleStrategy.MAX_PARK_NANOS);
                } else {
                    idler.idle(passOnThread(CLOCK_NOT_READ) ? 1 : 0, true);
                }
            }
        } catch (Throwable t) {
            die(t);
            return;
        } finally {
            THREAD_ENGINES.decrementAndGet();
        }
        failAll(null);
    }

    /**
     * SHARED: when to look again after a pass at {@code now} that moved nothing: after the back-off
     * {@code poll}, or when a round is next due ({@code nextDue}) if that is later and nobody waits
     * ({@code waitedFor}: a blocked waiter or an unstarted collective). Woken by the back-off only
     * to find no round due yet, the thread slept again: a wake-up wasted, and each costs the
     * core it shares 20-30 us of CPU on this VM.
     */
    static long nextLookAfterIdlePass(long now, long poll, long nextDue, boolean waitedFor) {
        long wake = now + poll;
        return waitedFor || nextDue - wake <= 0 ? wake : Math.min(nextDue, now + MAX_PACED_POLL_NANOS);
    }

    /**
     * When there is first something to do once the application has left at {@code takeOver}: the
     * take-over itself if a waiter blocks or a collective waits to be started, else the later of it
     * and the next due round. Sleeping straight to the due round saved a wake-up per collective in
     * a loop of start, compute, wait: woken by the start, the thread slept until the take-over 10 us
     * later, woke on a core the application was computing on, and only then slept until the round
     * was due.
     */
    private long firstWorkAt(long takeOver) {
        if (presence.anyBlocked() || unstarted() || (activity != null && nextDue != Long.MAX_VALUE)) {
            return takeOver;
        }
        long due = nextDue;
        return due - takeOver > 0 ? due : takeOver;
    }

    /** True if a collective was submitted that no pass has started yet. */
    private boolean unstarted() {
        return ring.getCursor() != poller.getSequence().get();
    }

    /**
     * Sleeps until {@code wakeAt}, or until an application thread wakes us. An application thread
     * that leaves work for us wakes us only if it finds us asleep ({@link #plannedWake}); one that
     * left while we were deciding found us running and did not, and we would have slept through
     * its collective (up to the longest re-check: a run of the overlap benchmark's 256 KiB
     * allreduce at 0 % now and then). So it raises {@link #wakeWanted} before it looks at
     * the announcement, we look at the flag after announcing, and one of the two sees the other.
     * Only a caller that wants the thread raises it: a loop of back-to-back collectives never does,
     * and the thread sleeps through it.
     */
    private void sleepUntil(long wakeAt, long now) {
        awaitActivity(null, wakeAt, now);
    }

    /**
     * As {@link #sleepUntil}, but waiting for the transport's activity if {@code signal} is not
     * null: the signal ends the wait as soon as a poll could move something, and a caller that
     * wants the thread wakes it through the signal ({@link #waitingOn}) as well as by unparking.
     */
    private void awaitActivity(ActivitySignal signal, long wakeAt, long now) {
        waitingOn = signal;
        plannedWake = wakeAt;
        if (wakeWanted) {
            wakeWanted = false;
        } else if (running && wakeAt - now > 0) {
            if (signal == null) {
                LockSupport.parkNanos(this, wakeAt - now);
            } else {
                signal.await(wakeAt - now);
            }
            EngineTrace.noteWake(wakeAt);
            threadWakeups++;
        }
        plannedWake = RUNNING;
        waitingOn = null;
    }

    /**
     * Parks until an application thread wakes us (or {@code nanos} pass, as a safety net). The
     * announcement comes before the re-check: a producer that published before it sees the flag
     * has its work visible here; one that publishes after sees the flag and wakes us.
     */
    private void parkUntilWoken(long nanos) {
        plannedWake = Long.MAX_VALUE;
        if (!unstarted() && running && (inFlight.get() == 0 || presence.anyInside())) {
            long wakeAt = EngineTrace.ACTIVE == null ? 0 : System.nanoTime() + nanos;
            LockSupport.parkNanos(this, nanos);
            EngineTrace.noteWake(wakeAt);
            threadWakeups++;
        }
        plannedWake = RUNNING;
    }

    private void die(Throwable cause) {
        failure = cause;
        failAll(cause);
    }

    /** Fails everything in flight or queued, after the thread has stopped or died. */
    private void failAll(Throwable cause) {
        passLock.lock();
        try {
            failAllLocked(cause);
        } finally {
            passLock.unlock();
        }
    }

    /**
     * A death (cause not null) is a failure the peers of every collective in flight cannot see,
     * so the error policy acts on each; a close is the application's own doing.
     */
    private void failAllLocked(Throwable cause) {
        for (Execution execution : active) {
            NbcException failure = deathFailure(execution, cause);
            if (cause != null) {
                handleByPolicy(execution, failure);
            }
            RequestAccess.fail(execution.request(), failure);
        }
        active.clear();
        // What still drains is left to the transport: the engine ends, and with it the pool.
        draining.clear();
        scratch.dropAll();
        try {
            poller.poll((event, sequence, endOfBatch) -> {
                if (event.execution != null) {
                    RequestAccess.fail(event.execution.request(), deathFailure(event.execution, cause));
                    event.execution = null;
                }
                return true;
            });
        } catch (Exception ignored) {
            // the handler above does not throw
        }
    }

    private static NbcException deathFailure(Execution execution, Throwable cause) {
        return cause == null
                ? new NbcException(execution.request().description() + ": the progress engine was closed while it was in flight")
                : new NbcException(execution.request().description() + ": the progress engine failed: " + cause, cause);
    }

    /**
     * The progress thread's scheduler slice: e.g. "100 us" once the scheduler took the slice asked
     * for ({@link SchedulerSlice}, NBC_PROGRESS_SLICE), else "default (why)"; null without a thread
     * or before it has started.
     */
    public String schedulerSlice() {
        return schedulerSlice;
    }

    /**
     * What the progress thread and the callers did so far, and what the scratch pool holds (the
     * counters of the thread and the pool are read without synchronisation).
     */
    public ProgressStatistics statistics() {
        return new ProgressStatistics(threadWakeups, threadPasses, threadProgress, wakeupsByCallers.sum(),
                callerPassesMissed.sum(), scratch.heldBytes(), scratch.heldBuffers());
    }

    /** CPU time the progress thread has used so far, in nanoseconds (-1 without a thread or support). */
    public long threadCpuNanos() {
        if (thread == null) {
            return -1;
        }
        ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        return threads.isThreadCpuTimeSupported() ? threads.getThreadCpuTime(thread.getId()) : -1;
    }

    /**
     * Stops the progress loop and joins its thread; collectives still in flight fail. Idempotent.
     */
    @Override
    public void close() {
        if (!running) {
            return;
        }
        running = false;
        if (thread != null) {
            LockSupport.unpark(thread);
            boolean interrupted = false;
            while (true) {
                try {
                    thread.join();
                    break;
                } catch (InterruptedException e) {
                    interrupted = true;
                }
            }
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
        } else {
            failAll(null);
        }
    }
}
