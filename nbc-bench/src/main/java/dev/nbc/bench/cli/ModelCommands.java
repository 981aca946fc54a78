package dev.nbc.bench.cli;

import dev.nbc.bench.model.ModelText;
import dev.nbc.bench.model.PlantedSet;
import dev.nbc.bench.model.PlantedValidation;
import dev.nbc.bench.model.SelectionCheck;
import dev.nbc.bench.model.SelectionScore;
import dev.nbc.harness.ranks.Session;
import dev.nbc.harness.ranks.Ranks;
import dev.nbc.bench.report.CommandReport;
import dev.nbc.bench.report.ProgressBar;
import dev.nbc.harness.cli.Checked;
import dev.nbc.harness.cli.OptionChecks;
import dev.nbc.harness.cli.ResultFiles;
import dev.nbc.harness.cli.TransportKind;
import dev.nbc.models.assessment.AssessedModel;
import dev.nbc.models.assessment.ModelFile;
import dev.nbc.models.assessment.Provenance;
import dev.nbc.core.schedule.Algorithm;
import dev.nbc.core.algorithm.Algorithms;
import dev.nbc.core.check.CollectiveCheck;
import dev.nbc.core.schedule.Collective;
import dev.nbc.core.progress.ProgressMode;
import dev.nbc.models.assessment.AssessmentData;
import dev.nbc.models.assessment.measure.AssessmentPlan;
import dev.nbc.models.assessment.measure.AssessmentProtocol;
import dev.nbc.models.prediction.CollectivePredictor;
import dev.nbc.models.prediction.Prediction;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.Map;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;

/** {@code model measure | predict | validate | select}: the parameter assessment of nbc-models on the command line. */
@Command(name = "model", mixinStandardHelpOptions = true,
        description = "Performance models: measure LogGP/pLogP/Hockney parameters on the current transport and save a model "
                + "file; predict a collective's time, CPU share and overlap potential from one; validate against planted parameters.",
        subcommands = {ModelCommands.Measure.class, ModelCommands.Predict.class, ModelCommands.Validate.class,
                ModelCommands.Select.class})
public final class ModelCommands extends CommandGroup {

    @Command(name = "measure", mixinStandardHelpOptions = true,
            description = "Assess L, o_s, o_r, g, G (Netgauge PRTT, per protocol region), O (LogGOPS: CPU per byte moved, on mpi and tcp), "
                    + "pLogP and Hockney between ranks 0 and 1 "
                    + "of the current transport; rank 0 writes the JSON model file and prints the model.")
    public static final class Measure implements Callable<Integer>, Checked {
        /** The assessment runs between two ranks. */
        private static final int RANKS = 2;
        /** The fits need sizes up to at least this (AssessmentPlan). */
        private static final int MIN_MAX_BYTES = 8;

        @Mixin
        CommonOptions common;

        @Option(names = "--max-bytes", paramLabel = "B", description = "Largest message (default 1 MiB; --quick 64 KiB).")
        Integer maxBytes;

        @Option(names = "--repetitions", paramLabel = "N", description = "Timings per quantity and size (default 20; --quick 7).")
        Integer repetitions;

        @Option(names = "--file", paramLabel = "FILE", description = "Model file (default: <out>/model-<transport>.json).")
        Path file;

        private int maxBytes() {
            return common.profile().or(maxBytes, 64 << 10, 1 << 20);
        }

        @Override
        public void check(OptionChecks checks) {
            checks.atLeast("--max-bytes", maxBytes, MIN_MAX_BYTES);
            checks.atLeast("--repetitions", repetitions, 1);
            if (common.transport(checks.job()) == TransportKind.INPROCESS) {
                checks.require(common.ranks >= RANKS, "--ranks", "at least " + RANKS + " (the assessment runs between ranks 0 and 1)",
                        common.ranks);
            } else {
                int size = checks.job().worldSize().orElse(RANKS);
                if (size < RANKS) {
                    checks.fail("model measure needs " + RANKS + " ranks, but the mpirun job has " + size + " (scripts/nbcrun -np 2)");
                }
            }
            SizeOptions.checkFitsHeap(checks, "--max-bytes", maxBytes(), Math.min(RANKS, common.ranksPerProcess(checks.job())));
        }

        @Override
        public Integer call() throws Exception {
            AssessmentPlan standard = AssessmentPlan.standard(maxBytes(), common.profile().or(repetitions, 7, 20));
            // O is the CPU that moves bytes on real time; an emulated network's time is virtual, and its ranks share the cores
            AssessmentPlan plan = common.transport() == TransportKind.INPROCESS ? standard : standard.withCpuPerByte();
            Path target = (file != null ? file : common.output.out().resolve("model-" + common.transport() + ".json")).toAbsolutePath();
            return common.onRanks(file != null ? "--file" : "--out", target.getParent(), ranks -> {
                boolean bar = common.progress(ranks);
                AssessedModel model = ranks.run(RANKS, env -> {
                    ProgressBar progress = new ProgressBar(bar && env.rank() == 0, plan.sizes().size());
                    // On a session's transport: the network under test (the control plane's is ideal in-process).
                    Optional<AssessmentData> data;
                    try (Session session = env.open(ProgressMode.MANUAL, CollectiveCheck.OFF)) {
                        data = AssessmentProtocol.run(session.comm().transport(), plan, 0, i -> progress.step(plan.sizes().get(i) + " B"));
                    }
                    progress.finish();
                    return data.map(d -> AssessedModel.analyse(Provenance.here(ranks.transport(), networkOf(ranks),
                            ranks.mpiVersion()), d)).orElse(null);
                });
                if (ranks.leader()) {
                    System.out.print(ModelText.describe(model));
                    try (ResultFiles files = new ResultFiles()) {
                        files.writeString(target, ModelFile.toJson(model));
                        files.commit();
                    }
                    System.out.println("\nwrote " + target);
                }
                return 0;
            });
        }

        private static String networkOf(Ranks ranks) {
            if (ranks.network() != null) {
                return "emulated " + PlantedSet.describe(ranks.network());
            }
            return switch (ranks.transport()) {
                case "mpi" -> "MPI point-to-point (Open MPI's choice of BTL)";
                case "tcp" -> "TCP sockets (nbc-core's TCP transport)";
                default -> "ideal in-process";
            };
        }
    }

    @Command(name = "predict", mixinStandardHelpOptions = true,
            description = "Predict time, CPU share and overlap potential of collectives from a model file: the schedule simulator "
                    + "on nbc's schedules, with the paper's equations beside.")
    public static final class Predict implements Callable<Integer>, Checked {
        @Option(names = "--model", paramLabel = "FILE", required = true, description = "Model file written by 'model measure'.")
        Path model;

        @Option(names = "--collectives", split = ",", paramLabel = "C", defaultValue = "barrier,bcast,allreduce",
                description = "barrier, bcast, allreduce: the collectives the models cover (default ${DEFAULT-VALUE}).")
        List<Collective> collectives;

        @Mixin
        ModelGrid grid = new ModelGrid(List.of(2, 4, 8, 16, 64), List.of(8L, 1024L, 65536L, 1048576L));

        @Option(names = "--algorithm", paramLabel = "NAME",
                description = "An nbc-core algorithm (e.g. binomial, ring, recursive_doubling); default: what nbc's selector picks.")
        String algorithm;

        private AssessedModel loaded;
        /** --algorithm as each collective's algorithm; a collective without one gets the selector's choice. */
        private final Map<Collective, Algorithm> algorithms = new EnumMap<>(Collective.class);

        @Override
        public void check(OptionChecks checks) {
            checks.eachAtLeast("-P", grid.processes, 1);
            for (Collective c : collectives) {
                checks.require(CollectivePredictor.covered().contains(c), "--collectives",
                        "one of barrier, bcast, allreduce (the collectives the models cover)", c.label());
                if (c != Collective.BARRIER && algorithm != null && !algorithm.equalsIgnoreCase("default")) {
                    checks.libraryCheck("--algorithm", () -> algorithms.put(c, Algorithms.parse(c, algorithm)));
                }
            }
            checks.libraryCheck("--model", () -> loaded = ModelFile.load(model));
        }

        @Override
        public Integer call() {
            List<Prediction> out = new ArrayList<>();
            for (Collective c : collectives) {
                for (int p : grid.processes) {
                    for (long b : c == Collective.BARRIER ? List.of(0L) : grid.bytes) {
                        out.add(CollectivePredictor.predict(loaded.loggp(), c, algorithms.get(c), p, b));
                    }
                }
            }
            System.out.printf("model: %s, %s, %s%n", loaded.provenance().transport(), loaded.provenance().network(),
                    loaded.provenance().date());
            System.out.print(ModelText.predictions(out));
            return 0;
        }
    }

    @Command(name = "validate", mixinStandardHelpOptions = true,
            description = "Plant L, o, g, G on the in-process transport's emulated network, assess them, and compare; then compare "
                    + "the simulator's prediction from the assessed parameters with nbc's measured Ibarrier/Ibcast/Iallreduce latency.")
    public static final class Validate implements Callable<Integer>, Checked {
        /** -P: in-process ranks of the measured collectives; --bytes: their bcast and allreduce sizes. */
        @Mixin
        PlantedOptions planted = new PlantedOptions(List.of(2, 3, 4), List.of(8L, 4096L));

        @Option(names = "--repetitions", paramLabel = "N", description = "Timed collectives per point (default 30; --quick 10).")
        Integer repetitions;

        @Option(names = "--assessment-repetitions", paramLabel = "N", description = "Timings per quantity in the assessment (default 15; --quick 7).")
        Integer assessmentRepetitions;

        @Override
        public void check(OptionChecks checks) {
            checks.atLeast("--repetitions", repetitions, 1);
            checks.atLeast("--assessment-repetitions", assessmentRepetitions, 1);
        }

        @Override
        public Integer call() throws Exception {
            CommandReport report = planted.report("model validate");
            Profile profile = planted.profile();
            PlantedValidation.run(new PlantedValidation.Config(planted.sets(), profile.or(assessmentRepetitions, 7, 15),
                    planted.grid.processes, planted.grid.bytes, profile.or(repetitions, 10, 30)), report.results(), report.out());
            planted.write(report, "validation");
            return 0;
        }
    }

    @Command(name = "select", mixinStandardHelpOptions = true,
            description = "Check the model-driven algorithm choice on emulated networks with planted parameters: time every "
                    + "algorithm of every collective on in-process ranks, and compare the fastest with the pick of the simulator "
                    + "on the planted parameters (ModelAdvisor) and with the size thresholds'. Over MPI: "
                    + "dev.nbc.bench.compare.NativeLatencyComparison --model FILE under scripts/nbcrun.")
    public static final class Select implements Callable<Integer>, Checked {
        @Option(names = "--collectives", split = ",", paramLabel = "C",
                description = "Collectives: barrier, bcast, allreduce, reduce, allgather, gather, scatter, alltoall, scan, exscan, "
                        + "reduce_scatter_block (default: all of them).")
        List<Collective> collectives;

        /** -P: in-process ranks; --bytes: block sizes. */
        @Mixin
        PlantedOptions planted = new PlantedOptions(List.of(2, 3, 4), List.of(8L, 4096L, 65536L));

        @Option(names = "--repetitions", paramLabel = "N", description = "Timed collectives per algorithm and point (default 15; --quick 5).")
        Integer repetitions;

        @Override
        public void check(OptionChecks checks) {
            checks.atLeast("--repetitions", repetitions, 1);
        }

        @Override
        public Integer call() throws Exception {
            List<Collective> measured = collectives == null || collectives.isEmpty()
                    ? List.copyOf(dev.nbc.harness.call.CollectiveCall.supported()) : collectives;
            CommandReport report = planted.report("model select");
            SelectionScore score = SelectionCheck.run(new SelectionCheck.Config(planted.sets(), planted.grid.processes, measured,
                    planted.grid.bytes, planted.profile().or(repetitions, 5, 15)), report.out());
            report.out().print(score.table());
            report.out().println(score.headline());
            score.record(report.results());
            planted.write(report, "selection");
            return 0;
        }
    }
}
