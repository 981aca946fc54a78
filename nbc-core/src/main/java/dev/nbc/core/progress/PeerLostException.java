package dev.nbc.core.progress;

/**
 * A collective's round made no progress for the engine's peer timeout
 * ({@link ProgressEngine#setPeerTimeout}, {@code NBC_PEER_TIMEOUT}): the peer it waits for is
 * unreachable (a host or link gone for good), stopped, or never called the collective. Without
 * fault-tolerant MPI nothing else would ever end such a wait.
 */
public final class PeerLostException extends RuntimeException {
    private final int peer;

    PeerLostException(int peer, String message) {
        super(message);
        this.peer = peer;
    }

    /** The rank (in the collective's communicator) whose message or matching receive never came. */
    public int peer() {
        return peer;
    }
}
