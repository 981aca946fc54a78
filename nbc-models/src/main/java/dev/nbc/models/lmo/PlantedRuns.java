package dev.nbc.models.lmo;

import dev.nbc.core.transport.inprocess.EmulatedNetwork;
import dev.nbc.core.transport.inprocess.Heterogeneity;
import dev.nbc.core.transport.inprocess.InProcessWorld;

import java.time.Duration;
import java.util.concurrent.atomic.AtomicReference;

/**
 * LMO's experiments and sweeps on a planted network ({@link PlantedNetworks}), on the in-process
 * transport's virtual time, where the planted parameters are the ground truth: the network with
 * paper 001's irregularities (a scatter leap at S, a gather escalation from M1 to M2 and serialised
 * receptions above M2), the estimation's experiments, and a scatter and a gather sweep from a root.
 */
public final class PlantedRuns {
    /** The planted S, bytes; the one-to-two experiments use half of it. */
    public static final long SCATTER_THRESHOLD = 2 << 20;
    /** The planted M1, bytes: from here to M2 every block arrives {@link #ESCALATION_NANOS} late. */
    public static final long GATHER_SMALL = 64 << 10;
    /** The planted M2, bytes: above it a receiver takes one block at a time. */
    public static final long GATHER_LARGE = 256 << 10;
    /** The planted escalation level, ns: a TCP-like timeout's size. */
    public static final long ESCALATION_NANOS = 20_000_000;
    /**
     * Timings per size of a sweep, the median kept. Virtual time makes each exact, yet on a busy
     * machine a sweep point now and then comes out different (seen: one gather point in about a
     * hundred sweeps, by up to 14 %), most likely a reception above M2 booked early: a receiver
     * books its serialised inbound side once no other rank can still send an earlier message, or
     * once those that could have stood still on the real clock for a while (SendHorizon in
     * nbc-core), which a descheduled sender's thread does. The median of three outvotes such a point.
     */
    static final int SWEEP_REPETITIONS = 3;
    private static final Duration LIMIT = Duration.ofMinutes(5);

    private PlantedRuns() {
    }

    /** The planted network of {@code kind} with {@code n} processors, its seed {@code n}, with the irregularities above. */
    public static Heterogeneity network(PlantedNetworks.Kind kind, int n) {
        return PlantedNetworks.of(kind, n, n, SCATTER_THRESHOLD, GATHER_SMALL, GATHER_LARGE, ESCALATION_NANOS);
    }

    /** The scatter sweep's sizes: 9 from 512 KiB to 8 MiB, a factor sqrt 2 apart (S, 2 MiB, in the middle). */
    public static int[] scatterSizes() {
        return sizes(512 << 10, 9);
    }

    /** The gather sweep's sizes: 19 from 4 KiB to 2 MiB, a factor sqrt 2 apart (8 small, 5 escalated, 6 large). */
    public static int[] gatherSizes() {
        return sizes(4 << 10, 19);
    }

    /** LMO's experiments ({@link LmoProtocol}) on {@code truth}, messages of S / 2, one repetition (virtual time is exact). */
    public static LmoExperiments experiments(Heterogeneity truth) {
        AtomicReference<LmoExperiments> experiments = new AtomicReference<>();
        try (InProcessWorld world = InProcessWorld.onVirtualTime(truth.size(), EmulatedNetwork.none(), truth)) {
            world.run((rank, transport) -> LmoProtocol.run(transport, (int) (SCATTER_THRESHOLD / 2), 1).ifPresent(experiments::set),
                    LIMIT);
        }
        return experiments.get();
    }

    /**
     * A linear scatter and a linear gather from {@code root} on {@code truth}, timed over
     * {@link #scatterSizes} and {@link #gatherSizes}, medians of {@link #SWEEP_REPETITIONS}.
     */
    public static LmoSweepFit sweeps(Heterogeneity truth, int root) {
        int[] scatterSizes = scatterSizes();
        int[] gatherSizes = gatherSizes();
        AtomicReference<double[]> scatter = new AtomicReference<>();
        AtomicReference<double[]> gather = new AtomicReference<>();
        try (InProcessWorld world = InProcessWorld.onVirtualTime(truth.size(), EmulatedNetwork.none(), truth)) {
            world.run((rank, transport) -> {
                LmoScatterSweep.run(transport, root, scatterSizes, SWEEP_REPETITIONS).ifPresent(scatter::set);
                LmoGatherSweep.run(transport, root, gatherSizes, SWEEP_REPETITIONS).ifPresent(gather::set);
            }, LIMIT);
        }
        return LmoSweepFit.of(scatterSizes, scatter.get(), gatherSizes, gather.get());
    }

    /** {@code count} sizes from {@code first}, a factor sqrt 2 apart. */
    static int[] sizes(int first, int count) {
        int[] sizes = new int[count];
        for (int k = 0; k < count; k++) {
            sizes[k] = (int) Math.round(first * Math.pow(2, k / 2.0));
        }
        return sizes;
    }
}
