package dev.nbc.bench.netgauge.module;

import dev.nbc.core.transport.inprocess.EmulatedNetwork;
import dev.nbc.harness.ranks.RankEnv;

import java.nio.ByteBuffer;
import java.util.Optional;
import java.util.Set;

/**
 * Netgauge's communication framework (paper section 2.2): a name, a description, capability
 * flags, the largest message, the header bytes it adds, its own options, a memory allocation hook
 * and init/shutdown. Its messages are nbc-core's {@link dev.nbc.core.transport.Transport}s: a
 * module opens one per rank ({@link #open}) and {@link Endpoint} gives the patterns Netgauge's
 * tagless blocking and non-blocking send and receive over it, so any transport of the library is a
 * module and any module's transport could carry the library's collectives.
 */
public interface CommModule {

    /** Where a module's ranks run. */
    enum Ranks {
        /** The processes of an mpirun job. */
        MPI,
        /** Threads of this JVM. */
        IN_PROCESS,
        /** Either: mpirun's processes when started by mpirun, else threads of this JVM. */
        EITHER
    }

    /**
     * What the paper's module interface declares: a name for the command line ("tcp"), a
     * description for --list, its capability flags, the largest message it can send (UDP: a
     * datagram less its header), the bytes it adds to every message on the wire (for the reader of
     * bandwidths), and where its ranks run.
     */
    record Info(String name, String description, Set<Capability> capabilities, int maxMessageBytes, int headerBytes, Ranks ranks) {
        public Info {
            capabilities = Capability.ordered(capabilities);
        }
    }

    Info info();

    default String name() {
        return info().name();
    }

    default String description() {
        return info().description();
    }

    default Set<Capability> capabilities() {
        return info().capabilities();
    }

    default int maxMessageBytes() {
        return info().maxMessageBytes();
    }

    default int headerBytes() {
        return info().headerBytes();
    }

    default Ranks ranks() {
        return info().ranks();
    }

    /** The emulated network its in-process ranks run on, if any. */
    default Optional<EmulatedNetwork> network() {
        return Optional.empty();
    }

    /** True if its in-process ranks keep the emulated network's time on virtual clocks (then rounds start with a {@code VirtualTimeBarrier}). */
    default boolean virtualTime() {
        return false;
    }

    /**
     * Its own command-line options (the paper's getopt()): a picocli-annotated object whose option
     * names no other module uses, or empty. The netgauge command adds it to its options and refuses
     * them when another module is chosen.
     */
    default Optional<Object> options() {
        return Optional.empty();
    }

    /**
     * Init: this rank's endpoint (collective: every rank of the group calls it). It may use the
     * control plane of {@code env} to find its peers (the paper: "modules may use MPI calls to
     * exchange address information"). Closing the endpoint is the module's shutdown.
     */
    Endpoint open(RankEnv env) throws Exception;

    /**
     * The memory hook (paper: "the communication module has a member function to allocate memory
     * for data transmission. Patterns have to use this function instead of malloc()"): direct
     * buffers for every module here.
     */
    default ByteBuffer allocate(int bytes) {
        return ByteBuffer.allocateDirect(Math.max(1, bytes));
    }

    /** True if it has every one of {@code required}. */
    default boolean offers(Set<Capability> required) {
        return capabilities().containsAll(required);
    }
}
