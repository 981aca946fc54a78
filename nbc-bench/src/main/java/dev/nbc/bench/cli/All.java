package dev.nbc.bench.cli;

import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

import java.util.List;
import java.util.concurrent.Callable;

/** {@code all}: every registered benchmark in one run, each with its own defaults of the profile, one report. */
@Command(name = "all", mixinStandardHelpOptions = true,
        description = "The main job: every benchmark (overhead, overlap, latency, back-to-back tail, sync) in one run with its "
                + "defaults, --quick or not, one report (all.csv, all.json, plots, all-summary.txt).")
public final class All implements Callable<Integer> {
    @Spec
    CommandSpec spec;
    @Mixin
    CommonOptions common;
    /** The sweep; each benchmark keeps its own default largest size (--quick: 64 KiB for all). */
    @Mixin
    SizeOptions sizes = new SizeOptions(4 << 20);
    @Mixin
    ClockOptions clock;

    /** The sweep --min-bytes, --max-bytes, --size-factor, for the benchmarks that sweep sizes. */
    public SizeOptions sizes() {
        return sizes;
    }

    /** The clock synchronisation's options, for the benchmarks that synchronise clocks. */
    public ClockOptions clock() {
        return clock;
    }

    @Override
    public Integer call() throws Exception {
        List<Benchmark> benchmarks = Benchmark.withDefaults(spec);
        benchmarks.forEach(b -> b.adopt(this));
        return common.measure("all", benchmarks, (ranks, results) -> {
            for (Benchmark benchmark : benchmarks) {
                benchmark.measure(ranks, common.profile(), results, common.progress(ranks));
            }
        });
    }
}
