package dev.nbc.core.transport;

/** A transport could not start or complete a point-to-point operation. */
public class TransportException extends RuntimeException {
    public TransportException(String message) {
        super(message);
    }

    public TransportException(String message, Throwable cause) {
        super(message, cause);
    }
}
