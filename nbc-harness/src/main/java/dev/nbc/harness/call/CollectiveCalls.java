package dev.nbc.harness.call;

import dev.nbc.core.schedule.Collective;

/**
 * Makes the calls of one implementation on a group: the MPI library's own collectives (Open MPI's,
 * through its Java bindings: the baseline nbc is measured against, only over MPI), or nbc's on a
 * session ({@code (c, bytes) -> session.call(c, bytes, null)}).
 */
@FunctionalInterface
public interface CollectiveCalls {
    /** The implementation's {@code collective} on a block of {@code bytes} per rank. */
    CollectiveCall call(Collective collective, int bytes);
}
