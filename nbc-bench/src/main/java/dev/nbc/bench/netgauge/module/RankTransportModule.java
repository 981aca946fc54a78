package dev.nbc.bench.netgauge.module;

import dev.nbc.core.check.CollectiveCheck;
import dev.nbc.core.progress.ProgressMode;
import dev.nbc.core.transport.inprocess.EmulatedNetwork;
import dev.nbc.harness.ranks.RankEnv;
import dev.nbc.harness.ranks.Session;

import java.util.EnumSet;
import java.util.Optional;
import java.util.Set;

/**
 * The modules whose messages are the ranks' own transport, as the harness opens it for a session
 * (a duplicate of MPI_COMM_WORLD, or an in-process world on an ideal or emulated LogGP network):
 * {@code mpi} (Open MPI's point-to-point through its Java bindings: iSend/iRecv and tests),
 * {@code inprocess} and {@code emulated}. One class, since they differ only in where their ranks
 * run and on what network.
 */
public final class RankTransportModule implements CommModule {
    private static final Set<Capability> TRANSPORT = EnumSet.of(Capability.RELIABLE, Capability.NON_BLOCKING, Capability.ORDERED);
    private static final Set<Capability> IN_PROCESS_TRANSPORT = EnumSet.of(Capability.RELIABLE, Capability.NON_BLOCKING,
            Capability.ORDERED, Capability.IN_PROCESS);

    private final String name;
    private final String description;
    private final Ranks ranks;
    private final EmulatedOptions emulatedOptions;

    private RankTransportModule(String name, String description, Ranks ranks, EmulatedOptions emulatedOptions) {
        this.name = name;
        this.description = description;
        this.ranks = ranks;
        this.emulatedOptions = emulatedOptions;
    }

    public static RankTransportModule mpi() {
        return new RankTransportModule("mpi", "Open MPI's point-to-point (Java bindings: iSend, iRecv, test), ranks of the mpirun job",
                Ranks.MPI, null);
    }

    public static RankTransportModule inProcess() {
        return new RankTransportModule("inprocess", "nbc's in-process transport, ranks as threads of one JVM, no network model",
                Ranks.IN_PROCESS, null);
    }

    /** The emulated LogGP network; its parameters are the harness's network options (--latency-us, ...). */
    public static RankTransportModule emulated() {
        return new RankTransportModule("emulated", "nbc's in-process transport on an emulated LogGP network (--latency-us, "
                + "--overhead-us, --gap-us, --gap-per-byte-ns, --receive-gap; --virtual-time)", Ranks.IN_PROCESS, new EmulatedOptions());
    }

    @Override
    public Info info() {
        return new Info(name,
                description,
                ranks == Ranks.IN_PROCESS ? IN_PROCESS_TRANSPORT : TRANSPORT,
                Integer.MAX_VALUE - 8,
                0,
                ranks);
    }

    @Override
    public Optional<EmulatedNetwork> network() {
        return emulatedOptions == null ? Optional.empty() : Optional.of(emulatedOptions.network.network());
    }

    @Override
    public boolean virtualTime() {
        return emulatedOptions != null && emulatedOptions.virtualTime;
    }

    @Override
    public Optional<Object> options() {
        return Optional.ofNullable(emulatedOptions);
    }

    @Override
    public Endpoint open(RankEnv env) {
        Session session = env.open(ProgressMode.MANUAL, CollectiveCheck.OFF);
        return new Endpoint(this, session.comm().transport(), Long.MAX_VALUE, session);
    }
}
