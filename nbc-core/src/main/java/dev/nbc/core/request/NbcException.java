package dev.nbc.core.request;

/**
 * A collective failed: its transport failed, or the progress engine died or was closed while the
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
