package dev.nbc.core.transport;

/** A send or receive started on a {@link Transport}, polled for completion. */
public interface PendingOperation {

    /**
     * Polls without blocking.
     *
     * @return true once the operation has completed (and on every later call)
     * @throws TransportException if the operation failed (truncation, a broken peer, the library's
     *         error); the same exception is thrown again on later calls
     */
    boolean test();
}
