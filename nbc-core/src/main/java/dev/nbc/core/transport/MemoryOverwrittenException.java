package dev.nbc.core.transport;

/**
 * A receive failed after the transport may already have written past its range: memory that
 * belongs to something else may be overwritten (Open MPI 4.1.4 does this when a message longer
 * than a posted receive is not sent eagerly, see {@code MpiTransport}). No error policy lets the
 * application go on from this: the job ends.
 */
public class MemoryOverwrittenException extends TransportException {
    public MemoryOverwrittenException(String message, Throwable cause) {
        super(message, cause);
    }
}
