package dev.nbc.harness.ranks;

import dev.nbc.core.transport.inprocess.EmulatedNetwork;
import dev.nbc.core.transport.inprocess.InProcessWorld;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicReference;

/**
 * Ranks as threads of this JVM: a fresh world of P ranks per {@link #run} for the control plane, on
 * the ideal network, and one more world per {@link RankEnv#open session} (it plays the part of a
 * duplicate communicator) on the emulated network under test. Each rank gets its own progress
 * engines, as a process would, and runs on CPUs of its own when the ranks fit ({@link CoreBinding}).
 */
public final class InProcessRanks implements Ranks {
    private final int maxRanks;
    private final EmulatedNetwork network;
    private final Duration timeout;
    private final CoreBinding binding;
    /** The CPUs this process may use, read before any rank thread is bound. */
    private final List<Integer> allowedCpus;
    /** Sessions' emulated networks keep their time on each rank's virtual clock (InProcessWorld.onVirtualTime). */
    private final boolean virtualTime;

    /**
     * @param binding where the rank threads run ({@link CoreBinding}); {@link CoreBinding#CORE} where
     *                the platform cannot bind threads binds none ({@link #binding()} says why)
     */
    public InProcessRanks(int maxRanks, EmulatedNetwork network, Duration timeout, CoreBinding binding) {
        this(maxRanks, network, timeout, binding, false);
    }

    /**
     * @param virtualTime the sessions' networks run on virtual time: what the ranks measure on their
     *                    transports' clocks is the emulated network's time exactly, however many
     *                    ranks share the cores (for programs that only communicate; the control
     *                    plane's barrier does not move those clocks)
     */
    public InProcessRanks(int maxRanks, EmulatedNetwork network, Duration timeout, CoreBinding binding, boolean virtualTime) {
        if (maxRanks < 1) {
            throw new IllegalArgumentException("--ranks: must be >= 1, but was " + maxRanks);
        }
        this.maxRanks = maxRanks;
        this.network = network == null ? EmulatedNetwork.none() : network;
        this.timeout = timeout;
        this.binding = binding;
        this.allowedCpus = binding.allowedCpus();
        this.virtualTime = virtualTime;
    }

    @Override
    public String transport() {
        return "inprocess";
    }

    @Override
    public int maxRanks() {
        return maxRanks;
    }

    @Override
    public boolean leader() {
        return true;
    }

    @Override
    public String binding() {
        return binding.describe(maxRanks, allowedCpus);
    }

    @Override
    public String mpiVersion() {
        return "n/a";
    }

    @Override
    public EmulatedNetwork network() {
        return network.isIdeal() ? null : network;
    }

    @Override
    public <T> T run(int p, Body<T> body) {
        AtomicReference<T> result = new AtomicReference<>();
        Map<Integer, InProcessWorld> sessionWorlds = new ConcurrentHashMap<>();
        // The control plane (synchronisation, gathers) is the benchmark's own machinery, not the
        // network under test: on the emulated network its latency made ranks leave a barrier a
        // message time apart, more than a small collective takes. Sessions get the emulated network.
        try (InProcessWorld control = new InProcessWorld(p)) {
            control.run((rank, transport) -> {
                binding.bindRank(rank, p, allowedCpus);
                Control ctl = new Control(transport);
                int[] opened = {0};
                RankEnv env = new GroupEnv(rank, p, ctl, () -> sessionWorlds.computeIfAbsent(opened[0]++,
                        k -> virtualTime ? InProcessWorld.onVirtualTime(p, network) : new InProcessWorld(p, network)).transport(rank),
                        Optional.empty());
                T value = body.run(env);
                if (rank == 0) {
                    result.set(value);
                }
            }, timeout);
        } catch (InProcessWorld.RankFailedException failed) {
            if (failed.getCause() instanceof RuntimeException cause) {
                cause.addSuppressed(failed);
                throw cause;
            }
            throw failed;
        } finally {
            List<InProcessWorld> worlds = new ArrayList<>(sessionWorlds.values());
            worlds.forEach(InProcessWorld::close);
        }
        return result.get();
    }

    @Override
    public int agree(int value) {
        return value;
    }

    /** Nothing to end: the failure propagates; a failed rank thread closed its endpoint, so its peers failed too (InProcessWorld). */
    @Override
    public void abortAfter(Throwable failure) {
    }

    @Override
    public void close() {
    }
}
