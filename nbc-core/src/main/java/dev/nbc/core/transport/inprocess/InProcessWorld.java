package dev.nbc.core.transport.inprocess;

import dev.nbc.core.transport.RevokedException;
import dev.nbc.core.transport.Transport;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.ConcurrentLinkedQueue;

/**
 * P ranks in one JVM: the stand-in for an MPI communicator when there is no MPI, for unit tests,
 * examples and trying the library out. Each rank's endpoint ({@link #transport(int)}) is meant to
 * be driven by its own thread (or progress engine); {@link #run} provides the threads.
 *
 * <p>Worlds share nothing, so a second world over the same threads plays the part of a second
 * communicator (as {@code MPI_Comm_dup} would): its messages can never match the first one's.
 *
 * <p>The network is ideal unless an {@link EmulatedNetwork} is given, in which case every message
 * obeys its LogGP rules. Tags run up to {@value #DEFAULT_MAX_TAG} by default, the least MPI
 * guarantees, so that code tried here does not come to rely on more than MPI will give it.
 */
public final class InProcessWorld implements AutoCloseable {
    /** MPI's guaranteed minimum for MPI_TAG_UB. */
    public static final int DEFAULT_MAX_TAG = 32767;
    /** How long {@link #run(RankBody)} waits before it declares the ranks hung. */
    public static final Duration DEFAULT_TIMEOUT = Duration.ofSeconds(60);

    /** The code one rank runs in {@link #run}. */
    @FunctionalInterface
    public interface RankBody {
        void run(int rank, Transport transport) throws Exception;
    }

    /** A rank's body threw, or did not finish in time; {@link #rank()} says which rank. */
    public static final class RankFailedException extends RuntimeException {
        private final int rank;

        RankFailedException(int rank, String message, Throwable cause) {
            super(message, cause);
            this.rank = rank;
        }

        public int rank() {
            return rank;
        }
    }

    private final EmulatedNetwork network;
    /** Processors and links that differ, or null. */
    private final Heterogeneity heterogeneity;
    private final int maxTag;
    private final InProcessTransport[] transports;
    /** Set once, by the first rank that revokes the world ({@link Transport#revoke}); null until then. */
    private volatile RevokedException revocation;

    /** A world of {@code size} ranks on the ideal network. */
    public InProcessWorld(int size) {
        this(size, EmulatedNetwork.none());
    }

    public InProcessWorld(int size, EmulatedNetwork network) {
        this(size, network, DEFAULT_MAX_TAG);
    }

    /** With {@code maxTag} other than MPI's minimum, e.g. small to exercise the wrap-around of tags. */
    public InProcessWorld(int size, EmulatedNetwork network, int maxTag) {
        this(size, network, null, maxTag, false);
    }

    /** On {@code network} with processors and links that differ ({@link Heterogeneity}: LMO's ground truth). */
    public InProcessWorld(int size, EmulatedNetwork network, Heterogeneity heterogeneity) {
        this(size, network, Objects.requireNonNull(heterogeneity, "heterogeneity"), DEFAULT_MAX_TAG, false);
    }

    /**
     * A world whose emulated network keeps its times on each rank's virtual clock
     * ({@link EmulationClock#virtual()}) instead of the real one: what its ranks measure with
     * {@link InProcessTransport#nanoTime()} is the network's time exactly, however loaded the
     * machine is, and no time is spent waiting. For programs that only communicate, or say when they
     * compute ({@link InProcessTransport#compute}).
     */
    public static InProcessWorld onVirtualTime(int size, EmulatedNetwork network) {
        return new InProcessWorld(size, network, null, DEFAULT_MAX_TAG, true);
    }

    /** On virtual time, with processors and links that differ. */
    public static InProcessWorld onVirtualTime(int size, EmulatedNetwork network, Heterogeneity heterogeneity) {
        return new InProcessWorld(size, network, Objects.requireNonNull(heterogeneity, "heterogeneity"), DEFAULT_MAX_TAG, true);
    }

    private InProcessWorld(int size, EmulatedNetwork network, Heterogeneity heterogeneity, int maxTag, boolean virtualTime) {
        if (size < 1) {
            throw new IllegalArgumentException("size: a world needs at least 1 rank, but was " + size);
        }
        if (maxTag < 0) {
            throw new IllegalArgumentException("maxTag: must be >= 0, but was " + maxTag);
        }
        this.network = Objects.requireNonNull(network, "network");
        if (heterogeneity != null && heterogeneity.size() != size) {
            throw new IllegalArgumentException("heterogeneity: describes " + heterogeneity.size() + " ranks, but the world has " + size);
        }
        this.heterogeneity = heterogeneity;
        this.maxTag = maxTag;
        this.transports = new InProcessTransport[size];
        for (int rank = 0; rank < size; rank++) {
            transports[rank] = new InProcessTransport(this, rank, virtualTime ? EmulationClock.virtual() : EmulationClock.system());
        }
    }

    public int size() {
        return transports.length;
    }

    /** The processors and links that differ, or null if all are alike. */
    public Heterogeneity heterogeneity() {
        return heterogeneity;
    }

    public EmulatedNetwork network() {
        return network;
    }

    public int maxTag() {
        return maxTag;
    }

    /** Rank {@code rank}'s endpoint; always the same object for the same rank. */
    public InProcessTransport transport(int rank) {
        if (rank < 0 || rank >= transports.length) {
            throw new IllegalArgumentException(
                    "rank: must be in 0.." + (transports.length - 1) + " (the world's ranks), but was " + rank);
        }
        return transports[rank];
    }

    /** {@link #run(RankBody, Duration)} with {@link #DEFAULT_TIMEOUT}. */
    public void run(RankBody body) {
        run(body, DEFAULT_TIMEOUT);
    }

    /**
     * Runs {@code body} on P new threads, one per rank, and returns when all have finished.
     *
     * <p>A rank whose body throws has its endpoint closed at once, so that ranks waiting for its
     * messages fail rather than wait for the timeout; the world is not reusable after a failure.
     * The first failure (in time) is thrown as a {@link RankFailedException} naming its rank, the
     * others are attached to it as suppressed. If ranks are still running after {@code timeout},
     * every endpoint is closed (so that threads polling them fail and end), and the exception names
     * the hung ranks and carries, as suppressed exceptions, where each of them was stuck. The
     * threads are daemons, so a rank that never polls again cannot keep the JVM alive.
     */
    public void run(RankBody body, Duration timeout) {
        Objects.requireNonNull(body, "body");
        ConcurrentLinkedQueue<RankFailedException> failures = new ConcurrentLinkedQueue<>();
        Thread[] threads = new Thread[size()];
        for (int rank = 0; rank < threads.length; rank++) {
            int r = rank;
            threads[rank] = new Thread(() -> {
                try {
                    body.run(r, transports[r]);
                    transports[r].finished();
                } catch (Throwable t) {
                    failures.add(new RankFailedException(r, "rank " + r + " of " + size() + " failed: " + t, t));
                    transports[r].close();
                }
            }, "nbc-in-process-rank-" + rank);
            threads[rank].setDaemon(true);
            threads[rank].start();
        }
        List<Integer> hung = joinUntil(threads, System.nanoTime() + timeout.toNanos());
        if (!hung.isEmpty()) {
            RankFailedException timedOut = new RankFailedException(hung.get(0), "ranks " + hung + " of " + size()
                    + " still running after " + timeout.toMillis() + " ms; their stacks are attached", null);
            for (int rank : hung) {
                Throwable where = new Throwable("rank " + rank + " was here");
                where.setStackTrace(threads[rank].getStackTrace());
                timedOut.addSuppressed(where);
            }
            failures.forEach(timedOut::addSuppressed);
            close();
            for (Thread thread : threads) {
                thread.interrupt();
            }
            joinUntil(threads, System.nanoTime() + Duration.ofSeconds(1).toNanos());
            throw timedOut;
        }
        RankFailedException first = failures.poll();
        if (first != null) {
            failures.forEach(first::addSuppressed);
            throw first;
        }
    }

    /** Joins the threads until the deadline; returns the ranks still alive then. */
    private static List<Integer> joinUntil(Thread[] threads, long deadline) {
        List<Integer> alive = new ArrayList<>();
        boolean interrupted = false;
        for (int rank = 0; rank < threads.length; rank++) {
            try {
                long left = deadline - System.nanoTime();
                if (left > 0) {
                    threads[rank].join(Math.max(1, left / 1_000_000));
                }
            } catch (InterruptedException e) {
                interrupted = true;
                deadline = System.nanoTime();
            }
            if (threads[rank].isAlive()) {
                alive.add(rank);
            }
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
        return alive;
    }

    /** Rank {@code rank} revokes the world: every rank's pending and later operations fail. Only the first counts. */
    synchronized void revoke(int rank, String reason) {
        if (revocation == null) {
            revocation = new RevokedException("rank " + rank + " of " + size() + " revoked the in-process world: " + reason);
        }
    }

    /** The revocation, or null if no rank has revoked the world. */
    RevokedException revocation() {
        return revocation;
    }

    /** Closes every rank's endpoint. */
    @Override
    public void close() {
        for (InProcessTransport transport : transports) {
            transport.close();
        }
    }

    @Override
    public String toString() {
        return "in-process world of " + size() + " ranks" + (network.isIdeal() ? "" : " over " + network);
    }
}
