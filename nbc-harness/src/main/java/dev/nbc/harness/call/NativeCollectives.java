package dev.nbc.harness.call;

import dev.nbc.core.schedule.Collective;

/**
 * The MPI library's own collectives on a group (Open MPI's, through its Java bindings): the
 * baseline nbc is measured against, on the same data. Only the MPI transport has them.
 */
@FunctionalInterface
public interface NativeCollectives {
    /** The library's {@code collective} on a block of {@code bytes} per rank. */
    CollectiveCall call(Collective collective, int bytes);
}
