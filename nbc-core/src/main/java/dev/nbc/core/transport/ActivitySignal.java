package dev.nbc.core.transport;

/**
 * How a progress thread waits for a transport whose operations advance on events it can see: it
 * blocks here until a poll could move something (data arrived for a receive, room in a socket for
 * a queued send, a paced look at a long message due), instead of sleeping for a guessed time, so
 * that it costs nothing while the network works and wakes exactly when there is work.
 *
 * <p>Called by one thread at a time (the progress thread), never while it holds the transport;
 * {@link #wakeUp()} may come from any thread.
 */
public interface ActivitySignal {

    /**
     * Blocks until a poll of the transport may advance one of its pending operations, until
     * {@code timeoutNanos} have passed, or until {@link #wakeUp()}; may return early for no reason.
     */
    void await(long timeoutNanos);

    /** Ends an {@link #await} in progress at once, or the next one if none is. */
    void wakeUp();
}
