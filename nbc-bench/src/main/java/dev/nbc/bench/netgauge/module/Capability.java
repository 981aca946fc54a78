package dev.nbc.bench.netgauge.module;

import java.util.Collections;
import java.util.EnumSet;
import java.util.Set;

/**
 * What a communication module offers (Netgauge paper, section 2.2: "module flags indicate if the
 * module offers reliable transport, channel semantics and/or requires memory registration"), and
 * what a pattern may require of it. Every module offers blocking send and receive.
 */
public enum Capability {
    /** Messages are not lost (TCP, MPI, in-process); without it a receive may fail as lost (UDP). */
    RELIABLE,
    /** A non-blocking send and receive that return a request to test, so several can be in flight. */
    NON_BLOCKING,
    /** Messages from one peer arrive in the order they were sent (channel semantics). */
    ORDERED,
    /** Ranks are threads of this JVM on one clock (in-process and the emulated network). */
    IN_PROCESS;

    /** An unmodifiable copy of {@code capabilities} that lists them in this enum's order (for messages and --list). */
    public static Set<Capability> ordered(Set<Capability> capabilities) {
        return Collections.unmodifiableSet(capabilities.isEmpty() ? EnumSet.noneOf(Capability.class) : EnumSet.copyOf(capabilities));
    }
}
