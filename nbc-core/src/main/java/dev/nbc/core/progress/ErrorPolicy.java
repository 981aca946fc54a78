package dev.nbc.core.progress;

import dev.nbc.core.EnvironmentSetting;
import dev.nbc.core.check.CollectiveMismatchException;
import dev.nbc.core.request.NbcException;
import dev.nbc.core.transport.MemoryOverwrittenException;
import dev.nbc.core.transport.RevokedException;
import dev.nbc.core.transport.Transport;

import java.util.Locale;

/**
 * What a failed collective does beyond failing its request. A failure on one rank (a truncated
 * message, a reduction operation that threw, a transport error) is one its peers cannot see: they
 * would wait forever for messages the failed rank will not send. So every failure ends in one of
 * two ways, the engine's choice ({@link ProgressEngine#setErrorPolicy}, {@code NBC_ERRORS},
 * {@code -Dnbc.errors}):
 */
public enum ErrorPolicy {
    /**
     * The default, as MPI's {@code MPI_ERRORS_ARE_FATAL} and Open MPI's own collectives: print the
     * failure on standard error and end the job, over MPI with {@code MPI_Abort}; in process, where
     * ending the JVM is not ours to do, every rank of the communicator fails instead (its transport
     * is revoked).
     */
    FAIL_FAST {
        @Override
        public void handle(Transport transport, NbcException failure) {
            if (failure.getCause() instanceof RevokedException) {
                return; // the rank that revoked has reported and ended the job
            }
            endTheJob(transport, failure, "error policy FAIL_FAST; " + VARIABLE + "=return lets the application handle failures");
        }
    },
    /**
     * For applications that handle failures: the request fails with an {@link NbcException} on
     * this rank, and a failure its peers cannot otherwise learn of revokes the communicator's
     * transport ({@link Transport#revoke}), so that their collectives on it fail too, now and
     * later, naming this rank and the cause. A mismatch found by the consistency check is seen by
     * every rank alike; it fails that call on every rank and leaves the communicator usable. A
     * receive that may have written past its range ({@link MemoryOverwrittenException}) ends the
     * job as under FAIL_FAST: the application's memory is no longer its own.
     */
    RETURN {
        @Override
        public void handle(Transport transport, NbcException failure) {
            Throwable cause = failure.getCause();
            if (cause instanceof MemoryOverwrittenException) {
                endTheJob(transport, failure, "memory may be overwritten, which no error policy can return from");
                return;
            }
            if (!(cause instanceof CollectiveMismatchException || cause instanceof RevokedException)) {
                transport.revoke(failure.getMessage());
            }
        }
    };

    private static void endTheJob(Transport transport, NbcException failure, String why) {
        System.err.println("nbc: " + failure.getMessage() + "; ending the job (" + why + ")");
        System.err.flush();
        transport.abort(failure.getMessage());
    }

    /** The environment variable and system property (which wins) that set the policy: fail-fast or return. */
    public static final String VARIABLE = "NBC_ERRORS";
    public static final String PROPERTY = "nbc.errors";

    /**
     * Acts on {@code failure} of a collective over {@code transport}, before its request fails; may
     * not return (FAIL_FAST over MPI).
     */
    public abstract void handle(Transport transport, NbcException failure);

    /**
     * The policy {@link #PROPERTY} or else {@link #VARIABLE} names; {@link #FAIL_FAST} if neither is set.
     *
     * @throws IllegalArgumentException if the value names no policy
     */
    public static ErrorPolicy fromEnvironment() {
        return EnvironmentSetting.read(PROPERTY, VARIABLE, ErrorPolicy::parse, FAIL_FAST);
    }

    static ErrorPolicy parse(String value) {
        return switch (value.trim().toLowerCase(Locale.ROOT).replace('_', '-')) {
            case "fail-fast" -> FAIL_FAST;
            case "return" -> RETURN;
            default -> throw new IllegalArgumentException(PROPERTY + " / " + VARIABLE + ": must be fail-fast or return, but was '"
                    + value + "'");
        };
    }

    @Override
    public String toString() {
        return name().toLowerCase(Locale.ROOT).replace('_', '-');
    }
}
