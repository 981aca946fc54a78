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

    /**
     * Withdraws the operation if that is still possible, as {@code MPI_Cancel} does: a receive
     * that no message has matched yet then completes at its next {@link #test()} having written
     * nothing. Otherwise nothing changes and the operation completes as it would have; its memory
     * belongs to the transport until {@link #test()} says so. For an operation that cannot be
     * withdrawn (a send, by default everything) this does nothing.
     */
    default void cancel() {
    }
}
