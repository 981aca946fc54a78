package dev.nbc.bench.advise;

import dev.nbc.bench.cli.OutputOptions;
import dev.nbc.bench.cli.SizeOptions;
import dev.nbc.bench.model.PlantedSet;
import dev.nbc.bench.netgauge.pattern.VirtualTimeBarrier;
import dev.nbc.bench.overlap.BusyWork;
import dev.nbc.bench.report.CommandReport;
import dev.nbc.bench.report.SummaryTable;
import dev.nbc.core.algorithm.Algorithms;
import dev.nbc.core.check.CollectiveCheck;
import dev.nbc.core.progress.ProgressMode;
import dev.nbc.core.schedule.Collective;
import dev.nbc.core.transport.inprocess.EmulatedNetwork;
import dev.nbc.core.transport.inprocess.InProcessTransport;
import dev.nbc.harness.call.CollectiveCall;
import dev.nbc.harness.cli.ByteSizeConverter;
import dev.nbc.harness.cli.Checked;
import dev.nbc.harness.cli.JobEnvironment;
import dev.nbc.harness.cli.NetworkOptions;
import dev.nbc.harness.cli.OptionChecks;
import dev.nbc.harness.cli.RankRuns;
import dev.nbc.harness.cli.TransportKind;
import dev.nbc.harness.cli.TransportOptions;
import dev.nbc.harness.ranks.Control;
import dev.nbc.harness.ranks.InProcessRanks;
import dev.nbc.harness.ranks.RankEnv;
import dev.nbc.harness.ranks.Ranks;
import dev.nbc.harness.ranks.Session;
import dev.nbc.models.assessment.AssessedModel;
import dev.nbc.models.assessment.ModelFile;
import dev.nbc.models.assessment.measure.GammaProbe;
import dev.nbc.models.loggp.LogGPParameters;
import dev.nbc.models.prediction.CollectivePredictor;
import dev.nbc.models.prediction.IterationPrediction;
import dev.nbc.models.selection.ModelAdvisor;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;

/**
 * {@code advise}: should an application switch its blocking collective to nbc's non-blocking one?
 * For its collective, sizes, P and computation per iteration, the time per iteration of its loop
 * both ways, predicted from the LogGP model of its network ({@link IterationPrediction}: blocking
 * C + the collective; overlapped cpu + max(C, network)), and with {@code --measure} measured on
 * the ranks the command runs on ({@link IterationLoops}), with a verdict per size. The overlapped
 * loop runs without a progress thread, testing the collective every --test-interval-us of its
 * computation: the collective's CPU work then runs on the application's core, as the prediction
 * charges it.
 */
@Command(name = "advise", mixinStandardHelpOptions = true,
        description = "Should I switch? For a collective, its sizes, P and the computation per iteration, the time per "
                + "iteration blocking (compute, then the collective) and overlapped (start, compute, wait), predicted from "
                + "the network's LogGP parameters (--model, or the emulated network's options) and, with --measure, "
                + "measured on the ranks the command runs on; a verdict per size.")
public final class AdviseCommand implements Callable<Integer>, Checked {
    /** In-process ranks when -P is not given (as --ranks elsewhere). */
    static final int DEFAULT_IN_PROCESS_RANKS = 4;
    /** The longest computation per iteration: a minute. */
    static final double MAX_COMPUTE_MICROS = 60e6;

    @Spec
    CommandSpec spec;

    @Option(names = "--collective", paramLabel = "C", defaultValue = "allreduce",
            description = "The collective: barrier, bcast, allreduce, reduce, allgather, gather, scatter, alltoall, scan, exscan, "
                    + "reduce_scatter_block (default ${DEFAULT-VALUE}).")
    Collective collective;

    @Option(names = "--bytes", split = ",", paramLabel = "B", defaultValue = "1m", converter = ByteSizeConverter.class,
            description = "A rank's block, one size or a list, with k, m or g for KiB, MiB, GiB (default ${DEFAULT-VALUE}; "
                    + "the barrier has none).")
    List<Long> bytes;

    @Option(names = "--compute-us", split = ",", paramLabel = "US", required = true,
            description = "The application's computation per iteration, us; one or a list.")
    List<Double> computeMicros;

    @Option(names = "-P", paramLabel = "N",
            description = "Processes (default: the mpirun job's size; in-process " + DEFAULT_IN_PROCESS_RANKS + ").")
    Integer processes;

    @Option(names = "--model", paramLabel = "FILE",
            description = "The network's LogGP parameters: a model file written by 'scripts/nbc model measure' (g and G of each "
                    + "size's protocol region). Default: the emulated network's --latency-us, --overhead-us, --gap-us, "
                    + "--gap-per-byte-ns.")
    Path model;

    @Option(names = "--gamma-ns-per-byte", paramLabel = "GAMMA",
            description = "The reduction's (and copies') CPU cost per byte, ns. Default: --model's; with --virtual-time 0 (there "
                    + "they take no time); else measured here.")
    Double gamma;

    @Option(names = "--measure", description = "Also run both loops on the ranks (in-process on the emulated network, or "
            + "the mpirun job's) and compare with the prediction.")
    boolean measure;

    @Option(names = "--virtual-time", description = "In-process: the emulated network keeps virtual time per rank and the "
            + "computation spins it, so the measured loops are the emulated network's exactly, however loaded the machine is "
            + "(on the real clock in-process ranks share its cores).")
    boolean virtualTime;

    @Option(names = "--iterations", paramLabel = "N", description = "Timed iterations of each loop per point (default 20; --quick 5).")
    Integer iterations;

    @Option(names = "--test-interval-us", paramLabel = "K", defaultValue = "10",
            description = "The overlapped loop tests the collective after every K us of computation (default ${DEFAULT-VALUE}).")
    double testIntervalUs;

    @Mixin
    TransportOptions transport;

    @Mixin
    NetworkOptions network;

    @Mixin
    OutputOptions output;

    private JobEnvironment job = JobEnvironment.current();
    private AssessedModel loaded;

    @Override
    public void check(OptionChecks checks) {
        job = checks.job();
        TransportKind kind = transport.kind(job);
        network.checkUsedWith(kind, checks);
        transport.check(kind, checks);
        checks.atLeast("-P", processes, 1);
        for (long b : bytes) {
            checks.require(b <= Integer.MAX_VALUE, "--bytes", "at most " + Integer.MAX_VALUE + " (buffers are indexed by int)", b);
        }
        for (double c : computeMicros) {
            checks.require(Double.isFinite(c) && c >= 0 && c <= MAX_COMPUTE_MICROS, "--compute-us",
                    String.format(Locale.ROOT, "between 0 and %.0f (a minute)", MAX_COMPUTE_MICROS), c);
        }
        checks.atLeast("--iterations", iterations, 1);
        checks.positive("--test-interval-us", testIntervalUs);
        checks.nonNegative("--gamma-ns-per-byte", gamma);
        if (virtualTime && kind != TransportKind.INPROCESS) {
            checks.fail("--virtual-time: for in-process ranks only (the emulated network's clock), but the transport is " + kind);
        }
        if (model != null) {
            checks.libraryCheck("--model", () -> loaded = ModelFile.load(model));
        } else if (kind != TransportKind.INPROCESS || network.isIdeal()) {
            checks.fail("--model: the network's LogGP parameters are needed: a model file (scripts/nbc model measure writes one), "
                    + "or, in-process, the emulated network's --latency-us, --overhead-us, --gap-us, --gap-per-byte-ns");
        }
        int p = processes();
        if (measure && kind == TransportKind.INPROCESS) {
            checks.rankCount("-P", p);
            SizeOptions.checkFitsHeap(checks, "--bytes", sizes().stream().mapToLong(Long::longValue).max().orElse(0), p);
        } else if (measure) {
            int size = job.worldSize().orElse(p);
            checks.require(p <= size, "-P", "at most the mpirun job's size (" + size + ")", p);
        }
        checks.writable(output.destination());
    }

    private int processes() {
        if (processes != null) {
            return processes;
        }
        return transport.kind(job) == TransportKind.INPROCESS ? DEFAULT_IN_PROCESS_RANKS : job.worldSize().orElse(1);
    }

    /** --iterations, else the profile's. */
    private int iterations() {
        return output.profile().or(iterations, 5, 20);
    }

    /** --bytes, or the barrier's one size, 0. */
    private List<Long> sizes() {
        return collective == Collective.BARRIER ? List.of(0L) : bytes;
    }

    @Override
    public Integer call() throws Exception {
        if (!measure) {
            if (job.leader()) {
                report(null, null);
            }
            return 0;
        }
        // on virtual time the group's rank threads meet in one barrier object
        VirtualTimeBarrier barrier = virtualTime ? new VirtualTimeBarrier(processes()) : null;
        return RankRuns.run(spec, openRanks(), List.of(output.destination()), ranks -> {
            List<LoopPoint> measured = ranks.run(processes(), env -> measureOnRank(env, barrier));
            if (ranks.leader()) {
                report(measured, ranks.describe());
            }
            return 0;
        });
    }

    private Ranks openRanks() {
        return transport.kind(job) == TransportKind.INPROCESS
                ? new InProcessRanks(processes(), network.network(), Duration.ofHours(6), transport.binding(), virtualTime)
                : transport.mpirunRanks(transport.kind(job));
    }

    /**
     * One measured point: the loops' times, the slowest rank's, ns.
     *
     * @param algorithm the algorithm nbc ran
     */
    private record LoopPoint(String algorithm, IterationLoops.Times times) {
    }

    /** A rank's part: both loops at every size and computation; rank 0 returns the points, sizes outer, computations inner. */
    private List<LoopPoint> measureOnRank(RankEnv env, VirtualTimeBarrier barrier) {
        Control control = env.control();
        List<LoopPoint> points = new ArrayList<>();
        try (Session session = env.open(ProgressMode.MANUAL, CollectiveCheck.OFF)) {
            LoopClock clock = virtualTime
                    ? LoopClock.virtual(env.rank(), (InProcessTransport) session.comm().transport(), barrier)
                    : LoopClock.real(session.comm().transport(), control, BusyWork.calibrate());
            int timed = iterations();
            long testEvery = Math.round(testIntervalUs * 1e3);
            for (long b : sizes()) {
                CollectiveCall call = session.call(collective, (int) b, null);
                for (double c : computeMicros) {
                    IterationLoops.Times mine = IterationLoops.measure(call, clock, Math.round(c * 1e3), testEvery, timed);
                    double[][] all = control.gather(new double[] {mine.blockingNanos(), mine.overlappedNanos()});
                    if (all != null) {
                        double blocking = 0;
                        double overlapped = 0;
                        for (double[] rank : all) {
                            blocking = Math.max(blocking, rank[0]);
                            overlapped = Math.max(overlapped, rank[1]);
                        }
                        points.add(new LoopPoint(call.algorithm(), new IterationLoops.Times(blocking, overlapped)));
                    }
                }
            }
        }
        control.barrier();
        return env.rank() == 0 ? points : null;
    }

    /** Prints the prediction (and measurement), verdicts and writes the rows; {@code measured} null when not measured. */
    private void report(List<LoopPoint> measured, String ranOn) throws Exception {
        int p = processes();
        double gammaNs = gamma();
        String source = loaded != null ? "model file " + model : "emulated network's options";
        Map<String, Object> run = new LinkedHashMap<>();
        run.put("transport", ranOn != null ? ranOn : transport.kind(job).label());
        run.put("network", loaded != null ? loaded.provenance().network() + " (" + loaded.provenance().transport() + ", "
                + loaded.provenance().date() + ")" : PlantedSet.describe(network.network()));
        run.put("gamma_ns_per_byte", gammaNs);
        CommandReport report = new CommandReport("advise", run);
        report.out().printf(Locale.ROOT, "advise: %s, P=%d, LogGP from the %s: %s, gamma %.3g ns/B%s%n", collective.label(), p,
                source, run.get("network"), gammaNs, measured == null ? "" : "; measured on " + ranOn
                        + (virtualTime ? " (virtual time)" : "") + ", the overlapped loop testing every "
                        + SummaryTable.formatNumber(testIntervalUs) + " us");
        ModelAdvisor.ParameterSource parameters = parameterSource(gammaNs);
        List<AdviceRow> rows = new ArrayList<>();
        int next = 0;
        for (long b : sizes()) {
            for (double c : computeMicros) {
                LoopPoint point = measured == null ? null : measured.get(next++);
                rows.add(row(parameters.at(p, b), b, c, point));
            }
        }
        rows.forEach(r -> report.results().add("advise", r));
        StringBuilder table = new StringBuilder();
        AdviceRow.table(measured != null).appendTo(table, report.results().rows("advise"));
        report.out().print(table);
        report.out().println();
        for (AdviceRow r : rows) {
            report.out().println("VERDICT (LogGP)    " + r.predictedVerdict());
            if (r.measured() != null) {
                report.out().println("VERDICT (measured) " + r.measuredVerdict());
            }
        }
        report.write(List.of(), output.out(), output.name("advise"), "");
    }

    private AdviceRow row(LogGPParameters parameters, long b, double computeMicros, LoopPoint point) {
        CollectivePredictor.Simulation simulation = CollectivePredictor.simulate(parameters, collective,
                point == null ? null : Algorithms.parse(collective, point.algorithm()), b);
        IterationPrediction predicted = IterationPrediction.of(simulation, computeMicros * 1e3);
        AdviceRow.Predicted p = new AdviceRow.Predicted(predicted.collectiveNanos() / 1e3, predicted.cpuNanos() / 1e3,
                predicted.networkNanos() / 1e3, predicted.blockingIterationNanos() / 1e3, predicted.overlappedIterationNanos() / 1e3,
                predicted.overlappedCostNanos() / 1e3, predicted.speedup());
        AdviceRow.Measured m = null;
        if (point != null) {
            double blocking = point.times().blockingNanos() / 1e3;
            double overlapped = point.times().overlappedNanos() / 1e3;
            m = new AdviceRow.Measured(virtualTime ? "virtual" : "real", iterations(), testIntervalUs,
                    blocking, overlapped, overlapped - computeMicros, overlapped > 0 ? blocking / overlapped : 1,
                    errorPct(p.blockingIterationMicros(), blocking), errorPct(p.overlappedIterationMicros(), overlapped));
        }
        return new AdviceRow(collective.label(), simulation.algorithm().name(), parameters.P(), b, computeMicros,
                loaded != null ? "model" : "network options", p, m);
    }

    private static double errorPct(double predicted, double measured) {
        return measured > 0 ? 100 * (predicted - measured) / measured : Double.NaN;
    }

    /** --gamma-ns-per-byte; else the model file's; else 0 on virtual time, where reductions take none; else this machine's. */
    private double gamma() {
        if (gamma != null) {
            return gamma;
        }
        if (loaded != null) {
            return Math.max(0, loaded.loggp().gamma());
        }
        return virtualTime ? 0 : GammaProbe.measure();
    }

    /** The LogGP parameters at (P, bytes): the model file's (its g and G per protocol region), else the emulated network's. */
    private ModelAdvisor.ParameterSource parameterSource(double gammaNs) {
        if (loaded != null) {
            return (p, b) -> {
                LogGPParameters at = loaded.loggp().parameters(p, b);
                return new LogGPParameters(at.L(), at.o(), at.g(), at.G(), p, gammaNs, at.O());
            };
        }
        EmulatedNetwork planted = network.network();
        return (p, b) -> LogGPParameters.of(planted, p, gammaNs);
    }
}
