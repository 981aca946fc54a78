package dev.nbc.core.transport;

/**
 * An operation failed because a rank revoked the transport ({@link Transport#revoke}): a failure
 * there that this rank could not otherwise have learned of. Every later operation fails the same way.
 */
public final class RevokedException extends TransportException {
    public RevokedException(String message) {
        super(message);
    }
}
