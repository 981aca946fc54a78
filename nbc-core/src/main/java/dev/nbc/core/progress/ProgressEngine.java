package dev.nbc.core.progress;

import com.lmax.disruptor.EventPoller;
import com.lmax.disruptor.InsufficientCapacityException;
import com.lmax.disruptor.RingBuffer;
import com.lmax.disruptor.YieldingWaitStrategy;
import dev.nbc.core.request.NbcException;
import dev.nbc.core.request.ProgressHook;
import dev.nbc.core.request.Request;
import dev.nbc.core.schedule.Schedule;
import dev.nbc.core.transport.Transport;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.LockSupport;
import java.util.concurrent.locks.ReentrantLock;

/**
 * Advances every schedule in flight, of every communicator, from one place: the progress loop.
 *
 * <p>Application threads hand new executions to the loop through an LMAX Disruptor ring
 * (multi-producer). The loop takes them with an {@link EventPoller} rather than a blocking
 * consumer, so that one thread can interleave taking new work with polling the transports; the
 * poller's sequence gates the producers, so a slot is reused only after the loop has taken it.
 *
 * <p>With {@link ProgressMode#THREAD} a daemon thread runs the loop; a submitter that finds it
 * parked runs the first pass itself while the thread wakes up, and a thread that tests or awaits a
 * request runs a pass when nobody else is. With {@link ProgressMode#MANUAL} only the latter
 * happens. Passes are serialized by a lock, so the
 * executions in flight are only ever touched by one thread at a time. If the thread dies, every collective in
 * flight fails and every later submission fails at once; {@link #close()} stops and joins the
 * thread (do it before {@code MPI.Finalize()}) and fails whatever is still in flight.
 */
public final class ProgressEngine implements AutoCloseable, ProgressHook {
    private static final int RING_SIZE = 4096;

    private static final class StartEvent {
        Execution execution;
    }

    private final ProgressMode mode;
    private final IdleStrategy idleStrategy;
    private final RingBuffer<StartEvent> ring;
    private final EventPoller<StartEvent> poller;
    private final List<Execution> active = new ArrayList<>();
    private final ScratchPool scratch = new ScratchPool();
    private final ReentrantLock passLock = new ReentrantLock();
    private final Thread thread;
    private volatile boolean running = true;
    private volatile boolean parked;
    /** Threads polling in Request.await(); while there are any, the progress thread steps aside. */
    private final AtomicInteger activeWaiters = new AtomicInteger();
    /** Collectives submitted and not yet finished: whether a leaving waiter must wake the thread. */
    private final AtomicInteger inFlight = new AtomicInteger();
    private volatile Throwable failure;

    private ProgressEngine(ProgressMode mode, IdleStrategy idleStrategy) {
        this.mode = mode;
        this.idleStrategy = idleStrategy;
        this.ring = RingBuffer.createMultiProducer(StartEvent::new, RING_SIZE, new YieldingWaitStrategy());
        this.poller = ring.newPoller();
        ring.addGatingSequences(poller.getSequence());
        if (mode == ProgressMode.THREAD) {
            thread = new Thread(this::loop, "nbc-progress");
            thread.setDaemon(true);
            thread.start();
        } else {
            thread = null;
        }
    }

    /** An engine with a progress thread and the default idle strategy. */
    public static ProgressEngine start() {
        return start(ProgressMode.THREAD, IdleStrategy.BACKOFF);
    }

    public static ProgressEngine start(ProgressMode mode, IdleStrategy idleStrategy) {
        if (mode == null) {
            throw new IllegalArgumentException("mode: must not be null");
        }
        if (idleStrategy == null) {
            throw new IllegalArgumentException("idleStrategy: must not be null");
        }
        return new ProgressEngine(mode, idleStrategy);
    }

    public ProgressMode mode() {
        return mode;
    }

    public IdleStrategy idleStrategy() {
        return idleStrategy;
    }

    /**
     * Starts running {@code schedule} over {@code transport} with {@code tag}; the caller has
     * checked the arguments. {@code input}/{@code output} are bound to slots INPUT/OUTPUT (either
     * may be null if the schedule does not use it).
     *
     * @throws IllegalStateException if the engine is closed or its thread has died
     */
    public Request submit(Schedule schedule, Transport transport, int tag, ByteBuffer input, ByteBuffer output,
                          String description) {
        checkUsable();
        Request request = new Request(description, schedule.algorithm(), this);
        publish(new Execution(schedule, transport, tag, input, output, request));
        return request;
    }

    private void publish(Execution execution) {
        long sequence;
        while (true) {
            try {
                sequence = ring.tryNext();
                break;
            } catch (InsufficientCapacityException full) {
                // Without a thread nobody drains the ring unless we do; with one, give it the core.
                if (mode == ProgressMode.MANUAL) {
                    passFromCaller();
                } else {
                    Thread.yield();
                }
                checkUsable();
            }
        }
        inFlight.incrementAndGet();
        ring.get(sequence).execution = execution;
        ring.publish(sequence);
        if (parked) {
            // The thread needs tens of microseconds to wake; meanwhile start the collective here,
            // so its first round is on the wire when the call returns.
            LockSupport.unpark(thread);
            passFromCaller();
        }
        // The thread may have died (or the engine closed) between our check and the publish, after
        // its last drain of the ring: fail the request ourselves rather than leave it hanging.
        Throwable dead = failure;
        if (dead != null || !running) {
            execution.request().fail(deathFailure(execution, dead));
        }
    }

    private void checkUsable() {
        Throwable dead = failure;
        if (dead != null) {
            throw new IllegalStateException("the progress engine has failed: " + dead, dead);
        }
        if (!running) {
            throw new IllegalStateException("the progress engine is closed");
        }
    }

    @Override
    public void progressOnce() {
        passFromCaller();
    }

    @Override
    public void beginActiveWait() {
        activeWaiters.incrementAndGet();
    }

    @Override
    public void endActiveWait() {
        if (activeWaiters.decrementAndGet() == 0 && thread != null && inFlight.get() > 0) {
            LockSupport.unpark(thread);
        }
    }

    @Override
    public boolean progressedInBackground() {
        return mode == ProgressMode.THREAD;
    }

    private void passFromCaller() {
        if (passLock.tryLock()) {
            try {
                if (failure == null && running) {
                    pass();
                }
            } catch (Throwable t) {
                die(t);
            } finally {
                passLock.unlock();
            }
        }
    }

    /** A pass on the progress thread; a submitting thread may hold the pass for a moment. */
    private boolean passOnThread() throws Exception {
        if (!passLock.tryLock()) {
            return false;
        }
        try {
            return pass();
        } finally {
            passLock.unlock();
        }
    }

    /** One pass of the progress loop: take new executions, poll every one in flight. */
    private boolean pass() throws Exception {
        boolean changed = poller.poll((event, sequence, endOfBatch) -> {
            Execution execution = event.execution;
            event.execution = null;
            try {
                if (execution.start(scratch)) {
                    finish(execution);
                } else {
                    active.add(execution);
                }
            } catch (RuntimeException e) {
                fail(execution, e);
            }
            return true;
        }) == EventPoller.PollState.PROCESSING;
        for (int i = active.size() - 1; i >= 0; i--) {
            Execution execution = active.get(i);
            boolean done;
            try {
                done = execution.poll();
            } catch (RuntimeException e) {
                removeAt(i);
                fail(execution, e);
                changed = true;
                continue;
            }
            if (done) {
                removeAt(i);
                finish(execution);
                changed = true;
            }
        }
        return changed;
    }

    private void removeAt(int index) {
        int last = active.size() - 1;
        active.set(index, active.get(last));
        active.remove(last);
    }

    private void finish(Execution execution) {
        execution.release(scratch);
        inFlight.decrementAndGet();
        execution.request().complete();
    }

    private void fail(Execution execution, RuntimeException cause) {
        execution.release(scratch);
        inFlight.decrementAndGet();
        execution.request().fail(execution.failure(cause));
    }

    private void loop() {
        try {
            long lastWork = System.nanoTime();
            long parkNanos = IdleStrategy.MIN_PARK_NANOS;
            while (running && failure == null) {
                if (activeWaiters.get() > 0) {
                    // A waiting application thread polls for everyone; competing for the engine
                    // and the core would only slow it (worst when the thread is preempted while
                    // holding the engine). It unparks us when it stops.
                    LockSupport.parkNanos(this, IdleStrategy.MAX_PARK_NANOS);
                    lastWork = System.nanoTime();
                    continue;
                }
                if (passOnThread()) {
                    lastWork = System.nanoTime();
                    parkNanos = IdleStrategy.MIN_PARK_NANOS;
                    continue;
                }
                switch (idleStrategy) {
                    case BUSY_SPIN -> Thread.onSpinWait();
                    case YIELD -> Thread.yield();
                    case BACKOFF -> {
                        if (System.nanoTime() - lastWork < IdleStrategy.SPIN_NANOS) {
                            Thread.onSpinWait();
                        } else if (!active.isEmpty()) {
                            Thread.yield();
                        } else {
                            parkIdle(parkNanos);
                            parkNanos = Math.min(2 * parkNanos, IdleStrategy.MAX_PARK_NANOS);
                        }
                    }
                }
            }
        } catch (Throwable t) {
            die(t);
            return;
        }
        failAll(null);
    }

    private void parkIdle(long nanos) {
        parked = true;
        // Re-check after announcing that we park: a producer that published before seeing the
        // flag has its event visible here; one that publishes after will unpark us.
        if (ring.getCursor() == poller.getSequence().get() && running) {
            LockSupport.parkNanos(this, nanos);
        }
        parked = false;
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

    private void failAllLocked(Throwable cause) {
        for (Execution execution : active) {
            execution.request().fail(deathFailure(execution, cause));
        }
        active.clear();
        try {
            poller.poll((event, sequence, endOfBatch) -> {
                if (event.execution != null) {
                    event.execution.request().fail(deathFailure(event.execution, cause));
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
