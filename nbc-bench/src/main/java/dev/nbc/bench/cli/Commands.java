package dev.nbc.bench.cli;

import dev.nbc.bench.clock.SyncBenchmark;
import dev.nbc.bench.latency.WindowLatencyBenchmark;
import dev.nbc.core.schedule.Collective;
import dev.nbc.bench.ops.Sizes;
import dev.nbc.bench.overhead.OverheadBenchmark;
import dev.nbc.bench.overlap.OverlapBenchmark;
import dev.nbc.harness.ranks.Ranks;
import dev.nbc.bench.tail.TailBenchmark;
import dev.nbc.harness.cli.Checked;
import dev.nbc.harness.cli.OptionChecks;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

import java.util.List;
import java.util.concurrent.Callable;

/** The subcommands of NbcBench. */
public final class Commands {
    private Commands() {
    }

    /** Options of the message-size sweeps. */
    static final class SizeOptions implements Checked {
        /**
         * Buffers of the largest size that one rank holds at once: the operation's input and output,
         * the algorithm's scratch, and the transport's copy of a message in flight.
         */
        static final int BUFFERS_PER_RANK = 4;

        /** The largest message when --max-bytes is not given and the sweep is not --quick. */
        private final int defaultMaxBytes;

        @Option(names = "--min-bytes", paramLabel = "B", description = "Smallest message (default 8).")
        Integer minBytes;

        @Option(names = "--max-bytes", paramLabel = "B", description = "Largest message (default: per subcommand; --quick: 64 KiB).")
        Integer maxBytes;

        @Option(names = "--size-factor", paramLabel = "F", description = "Factor between sizes (default 2; --quick 8).")
        Integer factor;

        SizeOptions(int defaultMaxBytes) {
            this.defaultMaxBytes = defaultMaxBytes;
        }

        int maxBytes(boolean quick) {
            return maxBytes(quick, defaultMaxBytes);
        }

        /** --max-bytes, else the --quick default, else {@code defaultMax}. */
        int maxBytes(boolean quick, int defaultMax) {
            return maxBytes != null ? maxBytes : quick ? 64 << 10 : defaultMax;
        }

        /** The sweep's sizes up to {@code max} bytes. */
        List<Integer> sizes(boolean quick, int max) {
            return Sizes.geometric(minBytes != null ? minBytes : 8, max, factor != null ? factor : quick ? 8 : 2);
        }

        List<Integer> sizes(boolean quick) {
            return sizes(quick, maxBytes(quick));
        }

        @Override
        public void check(OptionChecks checks) {
            checks.atLeast("--min-bytes", minBytes, 0);
            checks.atLeast("--max-bytes", maxBytes, 0);
            checks.atLeast("--size-factor", factor, 2);
            if (minBytes != null && maxBytes != null) {
                checks.require(minBytes <= maxBytes, "--min-bytes", "at most --max-bytes (" + maxBytes + ")", minBytes);
            }
            CommonOptions common = checks.options(CommonOptions.class);
            checkFitsHeap(checks, "--max-bytes", maxBytes(common.quick()), common.ranksPerProcess(checks.job()));
        }

        /** That {@code ranks} in this JVM can each hold {@link #BUFFERS_PER_RANK} messages of {@code bytes}. */
        static void checkFitsHeap(OptionChecks checks, String option, long bytes, int ranks) {
            checks.fitsHeap(option, bytes, (double) BUFFERS_PER_RANK * ranks * bytes,
                    BUFFERS_PER_RANK + " buffers x " + OptionChecks.ranksInThisJvm(ranks) + " x " + bytes + " B");
        }
    }

    @Command(name = "overhead", mixinStandardHelpOptions = true,
            description = "CPU overhead of blocking collectives (paper 002, Listing 1): CPU share and idle time per "
                    + "collective for groups 1, 2, 4 .. P and message sizes up to --max-bytes.")
    public static final class Overhead implements Callable<Integer>, Checked {
        @Mixin
        CommonOptions common;
        @Mixin
        SizeOptions sizes = new SizeOptions(1 << 20);

        @Option(names = "--seconds", paramLabel = "S", description = "Wall time per point (default 0.5; --quick 0.03).")
        Double seconds;

        @Option(names = "--max-iterations", paramLabel = "N", defaultValue = "10000", description = "At most N iterations per point (the paper's 10000).")
        int maxIterations;

        @Option(names = "--warmup-seconds", paramLabel = "S",
                description = "Seconds of a first, untimed sweep over every point, so that the JIT is done (default 2; --quick 1).")
        Double warmupSeconds;

        @Override
        public void check(OptionChecks checks) {
            checks.positive("--seconds", seconds);
            checks.atLeast("--max-iterations", maxIterations, 1);
            checks.nonNegative("--warmup-seconds", warmupSeconds);
        }

        OverheadBenchmark.Config config(Ranks ranks) {
            return new OverheadBenchmark.Config(Sizes.groups(ranks.maxRanks()), sizes.sizes(common.quick()),
                    common.collectives(), common.variants(), seconds != null ? seconds : common.quick() ? 0.03 : 0.5,
                    common.quick() ? 5 : 20, maxIterations, warmupSeconds != null ? warmupSeconds : common.quick() ? 1 : 2);
        }

        @Override
        public Integer call() throws Exception {
            return common.measure("overhead", (ranks, results) ->
                    OverheadBenchmark.run(ranks, config(ranks), results, common.progress(ranks)));
        }
    }

    @Command(name = "overlap", mixinStandardHelpOptions = true,
            description = "Overlap of non-blocking collectives with a calibrated computation (OSU and IMB-NBC formulas), "
                    + "nbc with and without progress thread and Open MPI's own, beside the physical limit and the LogGP prediction.")
    public static final class Overlap implements Callable<Integer>, Checked {
        @Mixin
        CommonOptions common;
        @Mixin
        SizeOptions sizes = new SizeOptions(4 << 20);

        @Option(names = "--repetitions", paramLabel = "N", description = "Repetitions per point (default 50; --quick 15).")
        Integer repetitions;

        @Option(names = "--test-interval-us", paramLabel = "K", defaultValue = "10",
                description = "Without a progress thread (nbc-manual, ompi): test() every K us of computation (default ${DEFAULT-VALUE}).")
        double testIntervalUs;

        @Option(names = "--test-calls", paramLabel = "N",
                description = "As OSU's -t N: every variant, the progress thread's too, tests N times spread evenly through "
                        + "the computation (0: never), instead of --test-interval-us.")
        Integer testCalls;

        @Override
        public void check(OptionChecks checks) {
            checks.atLeast("--repetitions", repetitions, 1);
            checks.positive("--test-interval-us", testIntervalUs);
            checks.atLeast("--test-calls", testCalls, 0);
        }

        OverlapBenchmark.Config config(Ranks ranks) {
            return new OverlapBenchmark.Config(sizes.sizes(common.quick()), common.collectives(), common.variants(),
                    CommonOptions.intOr(repetitions, common.quick(), 15, 50), Math.round(testIntervalUs * 1e3), testCalls,
                    ranks.maxRanks());
        }

        @Override
        public Integer call() throws Exception {
            return common.measure("overlap", (ranks, results) ->
                    OverlapBenchmark.run(ranks, config(ranks), results, common.progress(ranks)));
        }
    }

    /** Options of the clock synchronisation. */
    static final class ClockOptions implements Checked {
        /** Injected offsets are microseconds below this (1000 s): far beyond any real offset, far from overflowing nanoseconds. */
        static final double MAX_INJECTED_OFFSET_US = 1e9;
        /** A drift of a million ppm would stop a clock (and more would run it backwards). */
        static final double MAX_INJECTED_DRIFT_PPM = 1e6;

        @Option(names = "--patience", paramLabel = "N", defaultValue = "100",
                description = "Pair sync stops when the minimum round trip has not improved for N exchanges (default ${DEFAULT-VALUE}).")
        int patience;

        @Option(names = "--drift-gap-ms", paramLabel = "MS", description = "Pause between the two synchronisations of the drift model (default 500; --quick 100; 0: offset only).")
        Long driftGapMillis;

        @Option(names = "--inject-offset-us", paramLabel = "US", defaultValue = "0",
                description = "Inject a clock offset per rank: +-(rank+1)*US, alternating sign.")
        double injectOffsetUs;

        @Option(names = "--inject-drift-ppm", paramLabel = "PPM", defaultValue = "0",
                description = "Inject a clock drift per rank: ((rank mod 3) - 1) * PPM.")
        double injectDriftPpm;

        long driftGap(boolean quick) {
            return driftGapMillis != null ? driftGapMillis : quick ? 100 : 500;
        }

        @Override
        public void check(OptionChecks checks) {
            checks.atLeast("--patience", patience, 1);
            checks.atLeast("--drift-gap-ms", driftGapMillis, 0);
            checks.finiteBelow("--inject-offset-us", injectOffsetUs, MAX_INJECTED_OFFSET_US);
            checks.finiteBelow("--inject-drift-ppm", injectDriftPpm, MAX_INJECTED_DRIFT_PPM);
        }
    }

    @Command(name = "latency", mixinStandardHelpOptions = true,
            description = "Window-based collective latency (paper 000): synchronised clocks, common start windows, "
                    + "late or overrun repetitions discarded, the five reductions, median and quantiles; naive schemes beside.")
    public static final class Latency implements Callable<Integer>, Checked {
        @Mixin
        CommonOptions common;
        @Mixin
        SizeOptions sizes = new SizeOptions(1 << 20);
        @Mixin
        ClockOptions clock;

        @Option(names = "--repetitions", paramLabel = "N", description = "Repetitions (windows) per point (default 100; --quick 30).")
        Integer repetitions;

        @Option(names = "--window-factor", paramLabel = "F", defaultValue = "3",
                description = "Window = F x the barrier-then-op median (max over ranks), at least --min-window-us (default ${DEFAULT-VALUE}).")
        double windowFactor;

        @Option(names = "--min-window-us", paramLabel = "US", defaultValue = "100", description = "Smallest window (default ${DEFAULT-VALUE}).")
        double minWindowUs;

        @Option(names = "--late-us", paramLabel = "US", defaultValue = "20",
                description = "A rank starting more than US after its window opened makes the repetition late (default ${DEFAULT-VALUE}).")
        double lateUs;

        @Override
        public void check(OptionChecks checks) {
            checks.atLeast("--repetitions", repetitions, 1);
            checks.positive("--window-factor", windowFactor);
            checks.positive("--min-window-us", minWindowUs);
            checks.nonNegative("--late-us", lateUs);
        }

        WindowLatencyBenchmark.Config config(Ranks ranks) {
            return new WindowLatencyBenchmark.Config(sizes.sizes(common.quick()), common.collectives(), common.variants(),
                    CommonOptions.intOr(repetitions, common.quick(), 30, 100), windowFactor, Math.round(minWindowUs * 1e3),
                    Math.round(lateUs * 1e3), clock.patience, clock.driftGap(common.quick()), ranks.maxRanks(),
                    clock.injectOffsetUs, clock.injectDriftPpm);
        }

        @Override
        public Integer call() throws Exception {
            return common.measure("latency", (ranks, results) ->
                    WindowLatencyBenchmark.run(ranks, config(ranks), results, common.progress(ranks)));
        }
    }

    @Command(name = "sync", mixinStandardHelpOptions = true,
            description = "Clock synchronisation, tree (ceil(log2 P) steps) vs linear (P-1 steps): time and error for P = 2 .. max; "
                    + "--inject-offset-us / --inject-drift-ppm show that offsets and drifts are corrected.")
    public static final class Sync implements Callable<Integer>, Checked {
        @Mixin
        CommonOptions common;
        @Mixin
        ClockOptions clock;

        @Option(names = "--repetitions", paramLabel = "N", description = "Timed synchronisations per scheme and P (default 10; --quick 3).")
        Integer repetitions;

        @Option(names = "--check-after-ms", paramLabel = "MS", description = "Second error check this long after the sync (default 1000; --quick 200).")
        Long checkAfterMillis;

        @Override
        public void check(OptionChecks checks) {
            checks.atLeast("--repetitions", repetitions, 1);
            checks.atLeast("--check-after-ms", checkAfterMillis, 0);
        }

        SyncBenchmark.Config config(Ranks ranks) {
            return new SyncBenchmark.Config(ranks.maxRanks(), CommonOptions.intOr(repetitions, common.quick(), 3, 10), clock.patience,
                    clock.driftGap(common.quick()), checkAfterMillis != null ? checkAfterMillis : common.quick() ? 200 : 1000,
                    clock.injectOffsetUs, clock.injectDriftPpm);
        }

        @Override
        public Integer call() throws Exception {
            return common.measure("sync", (ranks, results) ->
                    SyncBenchmark.run(ranks, config(ranks), results, common.progress(ranks)));
        }
    }

    @Command(name = "tail", mixinStandardHelpOptions = true,
            description = "Back-to-back collectives (start, await, start the next at once): p50, p90, p99, p99.9, mean and max "
                    + "of the per-iteration maximum over ranks, nbc with and without progress thread and Open MPI's own, "
                    + "for groups 1, 2, 4 .. P; ratios to Open MPI in the same run.")
    public static final class Tail implements Callable<Integer>, Checked {
        @Mixin
        CommonOptions common;

        @Option(names = "--bytes", split = ",", paramLabel = "B", defaultValue = "8",
                description = "Message sizes of bcast and allreduce (default ${DEFAULT-VALUE}; barrier has none).")
        List<Integer> bytes;

        @Option(names = "--iterations", paramLabel = "N", description = "Timed iterations per point (default 5000; --quick 2000).")
        Integer iterations;

        @Option(names = "--warmups", paramLabel = "N", defaultValue = "2000",
                description = "At least N untimed iterations before each point (default ${DEFAULT-VALUE}).")
        int warmups;

        @Option(names = "--warmup-seconds", paramLabel = "S",
                description = "Seconds of untimed iterations per point in a first, warm-up-only sweep over every variant, "
                        + "so that the JIT is done for all of them (default 1; --quick 0.3).")
        Double warmupSeconds;

        static TailBenchmark.Config config(Ranks ranks, CommonOptions common, List<Integer> bytes, Integer iterations, int warmups,
                                           Double warmupSeconds) {
            return new TailBenchmark.Config(Sizes.groups(ranks.maxRanks()), bytes, common.collectives(), common.variants(),
                    CommonOptions.intOr(iterations, common.quick(), 2000, 5000), warmups,
                    warmupSeconds != null ? warmupSeconds : common.quick() ? 0.3 : 1.0);
        }

        @Override
        public void check(OptionChecks checks) {
            checks.eachAtLeast("--bytes", bytes, 0);
            SizeOptions.checkFitsHeap(checks, "--bytes", bytes.stream().mapToLong(Integer::longValue).max().orElse(0),
                    common.ranksPerProcess(checks.job()));
            checks.atLeast("--iterations", iterations, 1);
            checks.atLeast("--warmups", warmups, 0);
            checks.nonNegative("--warmup-seconds", warmupSeconds);
        }

        @Override
        public Integer call() throws Exception {
            return common.measure("tail", (ranks, results) -> TailBenchmark.run(ranks,
                    config(ranks, common, bytes, iterations, warmups, warmupSeconds), results, common.progress(ranks)));
        }
    }

    @Command(name = "all", mixinStandardHelpOptions = true,
            description = "The main job: a short overhead + overlap + latency + back-to-back tail + sync sweep in one run, one report "
                    + "(all.csv, all.json, plots, all-summary.txt).")
    public static final class All implements Callable<Integer> {
        /** Without --max-bytes the overhead part stops here: its timed loops of blocking collectives take long beyond. */
        private static final int OVERHEAD_DEFAULT_MAX_BYTES = 1 << 20;

        @Mixin
        CommonOptions common;
        @Mixin
        SizeOptions sizes = new SizeOptions(4 << 20);
        @Mixin
        ClockOptions clock;

        @Override
        public Integer call() throws Exception {
            boolean quick = common.quick();
            return common.measure("all", (ranks, results) -> {
                boolean bar = common.progress(ranks);
                List<Integer> sweep = sizes.sizes(quick);
                OverheadBenchmark.run(ranks, new OverheadBenchmark.Config(Sizes.groups(ranks.maxRanks()),
                        sizes.sizes(quick, sizes.maxBytes(quick, OVERHEAD_DEFAULT_MAX_BYTES)), common.collectives(),
                        common.variants(), quick ? 0.03 : 0.3, 5, 10000, quick ? 1 : 2), results, bar);
                OverlapBenchmark.run(ranks, new OverlapBenchmark.Config(sweep, common.collectives(), common.variants(),
                        quick ? 15 : 40, 10_000, null, ranks.maxRanks()), results, bar);
                WindowLatencyBenchmark.run(ranks, new WindowLatencyBenchmark.Config(sweep,
                        List.of(Collective.BARRIER, Collective.BCAST, Collective.ALLREDUCE).stream()
                                .filter(common.collectives()::contains).toList(),
                        common.variants(), quick ? 30 : 100, 3, 100_000, 20_000, clock.patience, clock.driftGap(quick),
                        ranks.maxRanks(), clock.injectOffsetUs, clock.injectDriftPpm), results, bar);
                TailBenchmark.run(ranks, Tail.config(ranks, common, List.of(8), null, 2000, null), results, bar);
                SyncBenchmark.run(ranks, new SyncBenchmark.Config(ranks.maxRanks(), quick ? 3 : 10, clock.patience,
                        clock.driftGap(quick), quick ? 200 : 1000, clock.injectOffsetUs, clock.injectDriftPpm), results, bar);
            });
        }
    }
}
