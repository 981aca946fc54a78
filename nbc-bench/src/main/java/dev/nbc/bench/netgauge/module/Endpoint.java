package dev.nbc.bench.netgauge.module;

import dev.nbc.core.transport.OverTransport;
import dev.nbc.core.transport.PendingOperation;
import dev.nbc.core.transport.Transport;

import java.nio.ByteBuffer;
import java.util.concurrent.TimeUnit;

/**
 * One rank's side of an opened {@link CommModule}: Netgauge's module interface over a
 * {@link Transport}. Like Netgauge's it has no tags ("the ordering of messages is significant for
 * the message matching"): every message travels on one tag of the transport, so the k-th receive
 * from a peer gets the k-th message that peer sent. The blocking calls poll, as a blocking MPI
 * call does, so that the time in them is the CPU's ({@link #await}).
 */
public final class Endpoint implements OverTransport, AutoCloseable {
    /** The one tag of Netgauge's messages. */
    static final int TAG = 7;
    /** Polls without pause before the first yield: about 20 us here, longer than a small message's round trip. */
    static final int SPINS_BEFORE_YIELD = 2_000;

    private final CommModule module;
    private final Transport transport;
    private final long receiveTimeoutNanos;
    private final AutoCloseable shutdown;

    /**
     * @param receiveTimeoutNanos how long a blocking receive waits before it reports its message as
     *                            lost, for unreliable modules; {@code Long.MAX_VALUE} for reliable
     *                            ones, which report failures through the transport
     * @param shutdown            what closing the endpoint releases, the transport included (null:
     *                            the transport alone)
     */
    public Endpoint(CommModule module, Transport transport, long receiveTimeoutNanos, AutoCloseable shutdown) {
        this.module = module;
        this.transport = transport;
        this.receiveTimeoutNanos = receiveTimeoutNanos;
        this.shutdown = shutdown;
    }

    public CommModule module() {
        return module;
    }

    /** The transport underneath, for patterns that reuse nbc's methods over it (LogGP, pLogP, overlap). */
    @Override
    public Transport transport() {
        return transport;
    }

    /** A buffer from the module's memory hook. */
    public ByteBuffer allocate(int bytes) {
        return module.allocate(bytes);
    }

    /** Starts sending {@code length} bytes of {@code buffer} to {@code peer}. */
    public PendingOperation isend(ByteBuffer buffer, int length, int peer) {
        return transport.send(buffer, 0, length, peer, TAG);
    }

    /** Starts receiving up to {@code length} bytes from {@code peer} into {@code buffer}. */
    public PendingOperation irecv(ByteBuffer buffer, int length, int peer) {
        return transport.receive(buffer, 0, length, peer, TAG);
    }

    /** Sends and returns when the buffer may be reused. */
    public void send(ByteBuffer buffer, int length, int peer) {
        await(isend(buffer, length, peer));
    }

    /**
     * Receives, and returns when the message is in {@code buffer}.
     *
     * @throws MessageLostException if an unreliable module lost the message
     */
    public void receive(ByteBuffer buffer, int length, int peer) {
        await(irecv(buffer, length, peer));
    }

    /**
     * Polls {@code operation} until it completes: without pause for the first
     * {@link #SPINS_BEFORE_YIELD} polls, then yielding the core between polls, so that where ranks
     * outnumber cores (in-process ranks, an oversubscribed job) the peer that must act gets to run
     * instead of waiting out a time slice; with a core per rank the yield returns at once. For an
     * unreliable module it waits at most its receive timeout.
     *
     * @throws MessageLostException if the timeout passed first
     */
    public void await(PendingOperation operation) {
        boolean timed = receiveTimeoutNanos != Long.MAX_VALUE;
        long deadline = timed ? System.nanoTime() + receiveTimeoutNanos : 0;
        int polls = 0;
        while (!operation.test()) {
            if (++polls < SPINS_BEFORE_YIELD) {
                Thread.onSpinWait();
                continue;
            }
            Thread.yield();
            if (timed && System.nanoTime() - deadline > 0) {
                operation.cancel(); // a late message must not land in a buffer the pattern has moved on with
                throw new MessageLostException("no message within " + TimeUnit.NANOSECONDS.toMillis(receiveTimeoutNanos)
                        + " ms on module " + module.name());
            }
        }
    }

    /** Netgauge's shutdown(): the transport and whatever else the module opened. */
    @Override
    public void close() throws Exception {
        if (shutdown == null) {
            transport.close();
        } else {
            shutdown.close();
        }
    }
}
