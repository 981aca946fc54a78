package dev.nbc.core.request;

/**
 * A collective failed: its transport failed (or was revoked by a rank that failed), a reduction
 * operation threw, the ranks' calls differed (the consistency check's
 * {@code CollectiveMismatchException}), or the progress engine died or was closed while the
 * collective was in flight. The message names the collective, the rank and the round.
 */
public class NbcException extends RuntimeException {
    public NbcException(String message, Throwable cause) {
        super(message, cause);
    }

    public NbcException(String message) {
        super(message);
    }
}
