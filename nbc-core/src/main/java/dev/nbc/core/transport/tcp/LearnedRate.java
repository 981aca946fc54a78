package dev.nbc.core.transport.tcp;

/**
 * The rate at which a connection moves bytes, learned from samples (the newest weighs a quarter),
 * and the pace of a progress thread's looks that follows from it: the time the next
 * {@link Peer#PACED_CHUNK_BYTES} (or the rest, if less) take at that rate. One per connection and
 * direction: a long payload arriving ({@link Peer#pace}), queued frames draining from a full socket
 * ({@code Peer.paceWrites}).
 */
final class LearnedRate {
    /** Bytes per ns; 0 until the first sample. */
    private double bytesPerNano;

    /** {@code bytes} moved in {@code nanos} (> 0). */
    void sample(long bytes, long nanos) {
        double sample = (double) bytes / nanos;
        bytesPerNano = bytesPerNano == 0 ? sample : bytesPerNano + (sample - bytesPerNano) / 4;
    }

    /**
     * How long after now a progress thread should look again with {@code rest} bytes still to move:
     * {@link Peer#FIRST_PACE_NANOS} before any sample, never more than {@link Peer#MAX_PACE_NANOS}.
     */
    long paceNanos(long rest) {
        return bytesPerNano == 0 ? Peer.FIRST_PACE_NANOS
                : (long) Math.min(Peer.MAX_PACE_NANOS, Math.min(rest, Peer.PACED_CHUNK_BYTES) / bytesPerNano);
    }
}
