package dev.nbc.bench.ops;

import dev.nbc.core.schedule.Collective;
import dev.nbc.harness.call.CollectiveCalls;
import dev.nbc.harness.ranks.Control;
import dev.nbc.harness.ranks.RankEnv;
import dev.nbc.harness.ranks.Session;

import java.lang.management.CompilationMXBean;
import java.lang.management.ManagementFactory;
import java.util.List;

/**
 * The variant x collective x size sweep of a benchmark, each variant on a session of its own, and
 * the warm-up that comes before measuring.
 *
 * <p>Why a warm-up sweep: on two busy cores the JIT's compiler threads compete with the ranks, and
 * nbc's path reached its compiled speed only after some 10^5 calls (P = 1: 1.2 us per collective at
 * 10^5 calls, 0.19 us from 2 x 10^5); the first variant measured in a fresh JVM came out 1.5-3x
 * (back-to-back) to 10x (overhead loop) slower than the same code measured later. So every
 * benchmark first runs the whole sweep untimed, then measures it.
 */
public final class Sweep {

    /** What a benchmark does at one point of the sweep. */
    @FunctionalInterface
    public interface Point {
        void run(Variant variant, VariantCall op);
    }

    private final List<Variant> variants;
    private final List<Collective> collectives;
    private final List<Integer> sizes;

    public Sweep(List<Variant> variants, List<Collective> collectives, List<Integer> sizes) {
        this.variants = variants;
        this.collectives = collectives;
        this.sizes = sizes;
    }

    /** Points per group: barrier has one size. */
    public int points() {
        int points = 0;
        for (Collective c : collectives) {
            points += c == Collective.BARRIER ? 1 : sizes.size();
        }
        return points * variants.size();
    }

    /** Runs {@code point} at every point the rank can run (Open MPI's variant only over MPI). */
    public void run(RankEnv env, Point point) {
        for (Variant variant : variants) {
            if (variant.isNbc()) {
                try (Session session = env.open(variant.mode(), variant.check())) {
                    runPoints(variant, (c, bytes) -> session.call(c, bytes, null), point);
                }
            } else {
                env.nativeCollectives().ifPresent(library -> runPoints(variant, library, point));
            }
        }
    }

    /** Every collective x size of one variant, its calls made by {@code calls}. */
    private void runPoints(Variant variant, CollectiveCalls calls, Point point) {
        for (Collective c : collectives) {
            for (int bytes : c == Collective.BARRIER ? List.of(0) : sizes) {
                point.run(variant, new VariantCall(variant, calls.call(c, bytes)));
            }
        }
    }

    /**
     * The untimed sweep, repeated until the JIT is done: every point runs at least {@code count}
     * collectives and at least its share of {@code seconds} (at least 20 ms), large ones at least
     * 3 times; the sweep runs again while any rank's JIT compiled for more than
     * {@link #JIT_SETTLED_MILLIS} during it, for at most {@link #MAX_WARM_UP_SWEEPS} sweeps. (A rank
     * bound to one core compiles on that core: after one 1 s sweep the first variant measured still
     * ran at half speed there.)
     */
    public void warmUp(RankEnv env, int count, double seconds) {
        double perPoint = Math.max(0.02, seconds / Math.max(1, points()));
        warmUpUntilCompiled(env, () -> run(env, (variant, op) ->
                warmUp(env.control(), op, op.bytes() >= (1 << 20) ? 3 : count, perPoint)));
    }

    /** Compilation time below this during a whole warm-up sweep means the JIT is done. */
    static final long JIT_SETTLED_MILLIS = 20;
    static final int MAX_WARM_UP_SWEEPS = 8;

    /** Runs {@code sweep} (collective over the group) until no rank's JIT compiles much during it. */
    public static void warmUpUntilCompiled(RankEnv env, Runnable sweep) {
        CompilationMXBean jit = ManagementFactory.getCompilationMXBean();
        boolean measurable = jit != null && jit.isCompilationTimeMonitoringSupported();
        for (int round = 1; round <= MAX_WARM_UP_SWEEPS; round++) {
            long before = measurable ? jit.getTotalCompilationTime() : 0;
            sweep.run();
            long compiled = measurable ? jit.getTotalCompilationTime() - before : 0;
            if (env.control().max(compiled) < JIT_SETTLED_MILLIS) {
                return;
            }
        }
    }

    /** A point's own warm-up is over once no rank's JIT compiled this long during it ... */
    static final long POINT_JIT_QUIET_MILLIS = 5;
    /** ... or after this many rounds of it. */
    static final int MAX_POINT_WARM_UPS = 8;

    /**
     * A point's warm-up on its own session: {@code timedCode} run untimed (the very code that will
     * be timed: a loop elsewhere is compiled elsewhere, and C2 compiling the timed loop on stack
     * pulled the whole collective path into a new compilation), each round followed by
     * {@link RuntimeActivity#settle}, until a round set off no compilation. Moving to a new
     * variant also deoptimizes code the JIT had specialised for the previous one. Without this, the
     * recompilations fell into the first timed loop of a variant (130-150 ms of compilation on a
     * rank's busy core: the multi-millisecond stalls of the first nbc-thread point).
     * At least two rounds: the first quiet one may be quiet only because the JIT has not yet
     * counted enough loop iterations to compile the loop. Collective over the group.
     */
    public static void warmUpUntilQuiet(Control control, Runnable timedCode) {
        for (int round = 1; round <= MAX_POINT_WARM_UPS; round++) {
            RuntimeActivity activity = RuntimeActivity.start();
            control.barrier();
            timedCode.run();
            RuntimeActivity.settle(control);
            if (activity.jitMillisSince(control) < POINT_JIT_QUIET_MILLIS && round >= 2) {
                return;
            }
        }
    }

    /** At least {@code count} untimed collectives and at least {@code seconds} of them; rank 0 decides when to stop. */
    public static void warmUp(Control control, VariantCall op, int count, double seconds) {
        long end = System.nanoTime() + (long) (seconds * 1e9);
        int done = 0;
        int batch = Math.min(count, 1000);
        boolean more = true;
        while (more) {
            for (int i = 0; i < batch; i++) {
                op.blocking();
            }
            done += batch;
            more = control.bcast(done < count || System.nanoTime() < end ? 1 : 0) > 0;
        }
    }
}
