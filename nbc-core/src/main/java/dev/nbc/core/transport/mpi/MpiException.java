package dev.nbc.core.transport.mpi;

/**
 * An MPI call that returned an error (its communicator returns errors instead of aborting): the
 * library's own message, its error class and code.
 */
public final class MpiException extends Exception {
    private static final long serialVersionUID = 1L;

    private final int errorClass;
    private final int errorCode;
    private final boolean truncation;

    /**
     * @param errorClass MPI's error class, or 0 (MPI_SUCCESS) for an error nbc found in what MPI delivered
     * @param truncation whether the error class is MPI_ERR_TRUNCATE (a message longer than its
     *        receive), whose value differs between MPI libraries
     */
    public MpiException(String message, int errorClass, int errorCode, boolean truncation, Throwable cause) {
        super(message, cause);
        this.errorClass = errorClass;
        this.errorCode = errorCode;
        this.truncation = truncation;
    }

    public int errorClass() {
        return errorClass;
    }

    public int errorCode() {
        return errorCode;
    }

    /** True for MPI_ERR_TRUNCATE: the matching message was longer than the receive. */
    public boolean truncation() {
        return truncation;
    }

    /** The message with the class and code, and what MPI_ERR_TRUNCATE means, for an error report. */
    public String describe() {
        String reason = getMessage();
        if (truncation) {
            reason = "the matching message was longer than the receive (MPI_ERR_TRUNCATE): " + reason;
        }
        // Class 0 is MPI_SUCCESS: an error nbc found in what MPI delivered, not one of MPI's.
        return errorClass == 0 ? reason : reason + " (MPI error class " + errorClass + ", code " + errorCode + ")";
    }
}
