package dev.nbc.bench.cli;

import dev.nbc.core.schedule.Collective;
import dev.nbc.harness.call.CollectiveCall;
import dev.nbc.bench.ops.Variant;
import dev.nbc.harness.ranks.InProcessRanks;
import dev.nbc.harness.ranks.Ranks;
import dev.nbc.bench.report.ProgressBar;
import dev.nbc.bench.report.Report;
import dev.nbc.bench.report.ReportSection;
import dev.nbc.bench.report.Results;
import dev.nbc.bench.report.RunInfo;
import dev.nbc.harness.cli.Checked;
import dev.nbc.harness.cli.JobEnvironment;
import dev.nbc.harness.cli.NetworkOptions;
import dev.nbc.harness.cli.OptionChecks;
import dev.nbc.harness.cli.RankRuns;
import dev.nbc.harness.cli.TransportKind;
import dev.nbc.harness.cli.TransportOptions;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

/** Options every subcommand shares: where the ranks come from, the emulated network, output. */
public final class CommonOptions implements Checked {
    /** The command these options belong to, for the errors found while it runs. */
    @Spec(Spec.Target.MIXEE)
    CommandSpec command;

    @Mixin
    TransportOptions transport;

    @Option(names = "--ranks", paramLabel = "N", defaultValue = "4", description = "In-process ranks (default ${DEFAULT-VALUE}).")
    int ranks;

    @Mixin
    NetworkOptions network;

    @Mixin
    OutputOptions output;

    @Option(names = "--collectives", split = ",", paramLabel = "C",
            description = "Collectives: barrier, bcast, allreduce, reduce, allgather, gather, scatter, alltoall, scan, exscan, "
                    + "reduce_scatter_block (default: the paper's barrier, bcast, allreduce; the LogGP equations cover those three, the simulator every collective listed).")
    List<Collective> collectives;

    @Option(names = "--variants", split = ",", paramLabel = "V",
            description = "Variants: nbc-thread, nbc-manual, nbc-checked (nbc-thread with the consistency check), ompi "
                    + "(default nbc-thread, nbc-manual, ompi; ompi only on the ranks of an mpirun job: mpi, tcp).")
    List<Variant> variants;

    @Option(names = "--runs", paramLabel = "N", defaultValue = "6",
            description = "Independent repetitions of every point (each its own timed loops); figures are their median with a "
                    + "95 %% interval, from 6 runs on (default ${DEFAULT-VALUE}).")
    int runs;

    @Option(names = "--no-progress", description = "No progress bar (it is shown only on rank 0 at a terminal anyway).")
    boolean noProgress;

    /** The job this process belongs to, as the checks saw it. */
    private JobEnvironment job = JobEnvironment.current();

    /** --quick or not. */
    public Profile profile() {
        return output.profile();
    }

    @Override
    public void check(OptionChecks checks) {
        job = checks.job();
        checks.rankCount("--ranks", ranks);
        checks.atLeast("--runs", runs, 1);
        network.checkUsedWith(transport(job), checks);
        transport.check(transport(job), checks);
    }

    /** The transport of this run. */
    TransportKind transport() {
        return transport(job);
    }

    /** --transport, else what the environment implies (mpirun started us: MPI). */
    public TransportKind transport(JobEnvironment environment) {
        return transport.kind(environment);
    }

    /** --ranks: how many in-process ranks a run may use. */
    public int inProcessRanks() {
        return ranks;
    }

    /** The output options (--out, --name, --quick). */
    public OutputOptions output() {
        return output;
    }

    /** Ranks that share this JVM's heap: all of them in-process, one for the ranks of an mpirun job. */
    public int ranksPerProcess(JobEnvironment environment) {
        return transport(environment) == TransportKind.INPROCESS ? ranks : 1;
    }

    /** The ranks of this run; over an mpirun job's ranks MPI is initialised here (and finalised by close()). */
    Ranks open() {
        return transport() == TransportKind.INPROCESS
                ? new InProcessRanks(ranks, network.network(), Duration.ofHours(6), transport.binding())
                : transport.mpirunRanks(transport());
    }

    public List<Collective> collectives() {
        return collectives == null || collectives.isEmpty() ? CollectiveCall.paper() : collectives;
    }

    /** Independent repetitions of every point. */
    public int runs() {
        return runs;
    }

    public List<Variant> variants() {
        return variants == null || variants.isEmpty() ? Variant.defaults() : variants;
    }

    boolean progress(Ranks ranks) {
        return !noProgress && ranks.leader() && ProgressBar.terminal();
    }

    /** The measurements of a benchmark command, which fill {@code results} on every rank. */
    @FunctionalInterface
    interface Measurement {
        void run(Ranks ranks, Results results) throws Exception;
    }

    /**
     * Runs a benchmark command on the ranks ({@link RankRuns}: --out checked before measuring, a
     * failure on any rank ends them all); rank 0 then writes the report of {@code sections}.
     */
    int measure(String command, List<? extends ReportSection> sections, Measurement measurement) throws Exception {
        return onRanks("--out", output.out(), ranks -> {
            Results results = new Results(RunInfo.describe(ranks, command, output.profile() == Profile.QUICK));
            measurement.run(ranks, results);
            write(ranks, results, sections, command);
            return 0;
        });
    }

    /** Runs {@code work} on the ranks of this run, which writes into {@code directory}, named by {@code option} ({@link RankRuns}). */
    public int onRanks(String option, Path directory, RankRuns.Work<Ranks> work) throws Exception {
        return RankRuns.run(command, open(), List.of(new RankRuns.Output(option, directory)), work);
    }

    /** Rank 0 prints the summary and writes the files. */
    private void write(Ranks ranks, Results results, List<? extends ReportSection> sections, String defaultName) throws IOException {
        if (!ranks.leader()) {
            return;
        }
        String summary = Report.summary(results, sections);
        // printed first, so that the measurements are not lost with the files (a full disk)
        System.out.print(summary);
        System.out.println();
        List<Path> files = Report.write(results, sections, output.out(), output.name(defaultName), summary);
        System.out.println("wrote " + files.size() + " files to " + output.out().toAbsolutePath() + ": "
                + String.join(" ", files.stream().map(p -> p.getFileName().toString()).toList()));
    }
}
