package dev.nbc.bench.cli;

import dev.nbc.bench.ops.Collective;
import dev.nbc.bench.ops.Variant;
import dev.nbc.bench.ranks.InProcessRanks;
import dev.nbc.bench.ranks.Ranks;
import dev.nbc.bench.report.ProgressBar;
import dev.nbc.bench.report.Report;
import dev.nbc.bench.report.Results;
import dev.nbc.bench.report.RunInfo;
import dev.nbc.core.transport.inprocess.EmulatedNetwork;
import picocli.CommandLine.Option;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/** Options every subcommand shares: where the ranks come from, the emulated network, output. */
public final class CommonOptions {
    @Option(names = "--transport", paramLabel = "mpi|inprocess",
            description = "mpi (ranks of the mpirun job; run through scripts/nbcrun) or inprocess (ranks as threads). "
                    + "Default: mpi when started by mpirun, else inprocess.")
    String transport;

    @Option(names = "--ranks", paramLabel = "N", defaultValue = "4", description = "In-process ranks (default ${DEFAULT-VALUE}).")
    int ranks;

    @Option(names = "--latency-us", paramLabel = "L", defaultValue = "0", description = "Emulated network (in-process): latency L in us.")
    double latencyUs;

    @Option(names = "--overhead-us", paramLabel = "o", defaultValue = "0", description = "Emulated network: CPU overhead o per send and receive, us.")
    double overheadUs;

    @Option(names = "--gap-us", paramLabel = "g", defaultValue = "0", description = "Emulated network: gap g between injections, us.")
    double gapUs;

    @Option(names = "--gap-per-byte-ns", paramLabel = "G", defaultValue = "0", description = "Emulated network: gap per byte G, ns.")
    double gapPerByteNs;

    @Option(names = "--out", paramLabel = "DIR", defaultValue = "results", description = "Output directory (default ${DEFAULT-VALUE}).")
    Path out;

    @Option(names = "--name", paramLabel = "NAME", description = "Base name of the output files (default: the subcommand).")
    String name;

    @Option(names = "--quick", description = "A short sweep (CI): fewer sizes, repetitions and seconds per point.")
    boolean quick;

    @Option(names = "--collectives", split = ",", paramLabel = "C",
            description = "Collectives: barrier, bcast, allreduce (default all).")
    List<String> collectives;

    @Option(names = "--variants", split = ",", paramLabel = "V",
            description = "Variants: nbc-thread, nbc-manual, ompi (default all; ompi only over MPI).")
    List<String> variants;

    @Option(names = "--no-progress", description = "No progress bar (it is shown only on rank 0 at a terminal anyway).")
    boolean noProgress;

    public boolean quick() {
        return quick;
    }

    String resolvedTransport() {
        if (transport != null) {
            return transport.toLowerCase(java.util.Locale.ROOT).replace("-", "");
        }
        return System.getenv("OMPI_COMM_WORLD_SIZE") != null || System.getenv("PMIX_RANK") != null ? "mpi" : "inprocess";
    }

    EmulatedNetwork network() {
        if (latencyUs == 0 && overheadUs == 0 && gapUs == 0 && gapPerByteNs == 0) {
            return EmulatedNetwork.none();
        }
        return EmulatedNetwork.symmetric(latencyUs * 1e3, overheadUs * 1e3, gapUs * 1e3, gapPerByteNs);
    }

    /** The ranks of this run; MPI is initialised here (and finalised by close()). */
    public Ranks open() {
        String t = resolvedTransport();
        switch (t) {
            case "mpi":
                if (!network().isIdeal()) {
                    throw new IllegalArgumentException("the emulated network (--latency-us ...) is for --transport inprocess only");
                }
                return dev.nbc.bench.ranks.mpi.MpiRanks.create();
            case "inprocess":
                return new InProcessRanks(ranks, network(), Duration.ofHours(6));
            default:
                throw new IllegalArgumentException("--transport: mpi or inprocess, but was '" + transport + "'");
        }
    }

    List<Collective> collectives() {
        List<Collective> out = new ArrayList<>();
        if (collectives == null || collectives.isEmpty()) {
            return List.of(Collective.values());
        }
        collectives.forEach(c -> out.add(Collective.parse(c)));
        return out;
    }

    List<Variant> variants() {
        List<Variant> out = new ArrayList<>();
        if (variants == null || variants.isEmpty()) {
            return List.of(Variant.values());
        }
        variants.forEach(v -> out.add(Variant.parse(v)));
        return out;
    }

    boolean progress(Ranks ranks) {
        return !noProgress && ranks.writes() && ProgressBar.terminal();
    }

    Results results(Ranks ranks, String command) {
        return new Results(RunInfo.describe(ranks, command, quick));
    }

    /** Rank 0 writes the files and prints the summary. */
    void write(Ranks ranks, Results results, String defaultName) throws IOException {
        if (!ranks.writes()) {
            return;
        }
        String base = name != null ? name : defaultName;
        List<Path> files = Report.write(results, out, base);
        System.out.print(Report.summary(results));
        System.out.println();
        System.out.println("wrote " + files.size() + " files to " + out.toAbsolutePath() + ": "
                + String.join(" ", files.stream().map(p -> p.getFileName().toString()).toList()));
    }

    static int intOr(Integer value, boolean quick, int quickDefault, int normalDefault) {
        return value != null ? value : quick ? quickDefault : normalDefault;
    }
}
