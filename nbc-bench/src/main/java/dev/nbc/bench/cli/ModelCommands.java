package dev.nbc.bench.cli;

import dev.nbc.bench.model.ModelText;
import dev.nbc.bench.model.PlantedSet;
import dev.nbc.bench.model.PlantedValidation;
import dev.nbc.bench.ranks.Control;
import dev.nbc.bench.ranks.Ranks;
import dev.nbc.bench.report.AtomicFiles;
import dev.nbc.bench.report.CsvWriter;
import dev.nbc.bench.report.JsonWriter;
import dev.nbc.bench.report.ProgressBar;
import dev.nbc.bench.report.Results;
import dev.nbc.models.assessment.AssessedModel;
import dev.nbc.models.assessment.ModelFile;
import dev.nbc.models.assessment.Provenance;
import dev.nbc.models.assessment.measure.AssessmentPlan;
import dev.nbc.models.assessment.measure.AssessmentProtocol;
import dev.nbc.models.prediction.CollectiveKind;
import dev.nbc.models.prediction.CollectivePredictor;
import dev.nbc.models.prediction.Prediction;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;

/** {@code model measure | predict | validate}: the parameter assessment of nbc-models on the command line. */
@Command(name = "model", mixinStandardHelpOptions = true,
        description = "Performance models: measure LogGP/pLogP/Hockney parameters on the current transport and save a model "
                + "file; predict a collective's time, CPU share and overlap potential from one; validate against planted parameters.",
        subcommands = {ModelCommands.Measure.class, ModelCommands.Predict.class, ModelCommands.Validate.class})
public final class ModelCommands implements Runnable {
    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public void run() {
        spec.commandLine().usage(System.out);
    }

    @Command(name = "measure", mixinStandardHelpOptions = true,
            description = "Assess L, o_s, o_r, g, G (Netgauge PRTT, per protocol region), pLogP and Hockney between ranks 0 and 1 "
                    + "of the current transport; rank 0 writes the JSON model file and prints the model.")
    public static final class Measure implements Callable<Integer> {
        @Mixin
        CommonOptions common;

        @Option(names = "--max-bytes", paramLabel = "B", description = "Largest message (default 1 MiB; --quick 64 KiB).")
        Integer maxBytes;

        @Option(names = "--repetitions", paramLabel = "N", description = "Timings per quantity and size (default 20; --quick 7).")
        Integer repetitions;

        @Option(names = "--file", paramLabel = "FILE", description = "Model file (default: <out>/model-<transport>.json).")
        Path file;

        @Override
        public Integer call() throws Exception {
            AssessmentPlan plan = AssessmentPlan.standard(maxBytes != null ? maxBytes : common.quick() ? 64 << 10 : 1 << 20,
                    CommonOptions.intOr(repetitions, common.quick(), 7, 20));
            try (Ranks ranks = common.open()) {
                if (ranks.maxRanks() < 2) {
                    throw new IllegalArgumentException("model measure needs 2 ranks (mpirun -np 2 or more, or --ranks 2)");
                }
                boolean bar = common.progress(ranks);
                AssessedModel model = ranks.run(2, env -> {
                    ProgressBar progress = new ProgressBar(bar && env.rank() == 0, plan.sizes().size());
                    var data = AssessmentProtocol.run(env.control().transport(), plan, Control.FIRST_USER_TAG,
                            i -> progress.step(plan.sizes().get(i) + " B"));
                    progress.finish();
                    return data.map(d -> AssessedModel.analyse(Provenance.here(ranks.transport(), networkOf(ranks),
                            ranks.mpiVersion()), d)).orElse(null);
                });
                if (ranks.writes()) {
                    Path target = file != null ? file : common.out.resolve("model-" + ranks.transport() + ".json");
                    ModelFile.save(model, target);
                    System.out.print(ModelText.describe(model));
                    System.out.println("\nwrote " + target.toAbsolutePath());
                }
                return ranks.agree(0);
            }
        }

        private static String networkOf(Ranks ranks) {
            return ranks.network() != null ? "emulated " + PlantedSet.describe(ranks.network())
                    : ranks.transport().equals("mpi") ? "MPI point-to-point (Open MPI's choice of BTL)" : "ideal in-process";
        }
    }

    @Command(name = "predict", mixinStandardHelpOptions = true,
            description = "Predict time, CPU share and overlap potential of collectives from a model file: the schedule simulator "
                    + "on nbc's schedules, with the paper's equations beside.")
    public static final class Predict implements Callable<Integer> {
        @Option(names = "--model", paramLabel = "FILE", required = true, description = "Model file written by 'model measure'.")
        Path model;

        @Option(names = "--collectives", split = ",", paramLabel = "C", defaultValue = "barrier,bcast,allreduce",
                description = "barrier, bcast, allreduce (default ${DEFAULT-VALUE}).")
        List<String> collectives;

        @Option(names = {"-P", "--processes"}, split = ",", paramLabel = "P", defaultValue = "2,4,8,16,64",
                description = "Process counts (default ${DEFAULT-VALUE}).")
        List<Integer> processes;

        @Option(names = "--bytes", split = ",", paramLabel = "B", defaultValue = "8,1024,65536,1048576",
                description = "Message sizes (default ${DEFAULT-VALUE}; the barrier is predicted once per P).")
        List<Long> bytes;

        @Option(names = "--algorithm", paramLabel = "NAME",
                description = "An nbc-core algorithm (e.g. binomial, ring, recursive_doubling); default: what nbc's selector picks.")
        String algorithm;

        @Override
        public Integer call() {
            AssessedModel m = ModelFile.load(model);
            List<Prediction> out = new ArrayList<>();
            for (String c : collectives) {
                CollectiveKind kind = CollectiveKind.parse(c);
                for (int p : processes) {
                    for (long b : kind == CollectiveKind.BARRIER ? List.of(0L) : bytes) {
                        out.add(CollectivePredictor.predict(m.loggp(), kind, kind == CollectiveKind.BARRIER ? null : algorithm, p, b));
                    }
                }
            }
            System.out.printf("model: %s, %s, %s%n", m.provenance().transport(), m.provenance().network(), m.provenance().date());
            System.out.print(ModelText.predictions(out));
            return 0;
        }
    }

    @Command(name = "validate", mixinStandardHelpOptions = true,
            description = "Plant L, o, g, G on the in-process transport's emulated network, assess them, and compare; then compare "
                    + "the simulator's prediction from the assessed parameters with nbc's measured Ibarrier/Ibcast/Iallreduce latency.")
    public static final class Validate implements Callable<Integer> {
        @Option(names = "--sets", split = ",", paramLabel = "S", description = "Planted sets A, B, C, D (default all).")
        List<String> sets;

        @Option(names = {"-P", "--processes"}, split = ",", paramLabel = "P", defaultValue = "2,3,4",
                description = "In-process ranks for the collectives (default ${DEFAULT-VALUE}).")
        List<Integer> processes;

        @Option(names = "--bytes", split = ",", paramLabel = "B", defaultValue = "8,4096",
                description = "Bcast/allreduce sizes (default ${DEFAULT-VALUE}).")
        List<Long> bytes;

        @Option(names = "--repetitions", paramLabel = "N", description = "Timed collectives per point (default 30; --quick 10).")
        Integer repetitions;

        @Option(names = "--assessment-repetitions", paramLabel = "N", description = "Timings per quantity in the assessment (default 15; --quick 7).")
        Integer assessmentRepetitions;

        @Option(names = "--quick", description = "Fewer repetitions.")
        boolean quick;

        @Option(names = "--out", paramLabel = "DIR", defaultValue = "results", description = "Output directory (default ${DEFAULT-VALUE}).")
        Path out;

        @Option(names = "--name", paramLabel = "NAME", defaultValue = "validation", description = "Base name of the files (default ${DEFAULT-VALUE}).")
        String name;

        @Override
        public Integer call() throws Exception {
            List<PlantedSet> chosen = new ArrayList<>();
            for (PlantedSet s : PlantedSet.standard()) {
                if (sets == null || sets.stream().anyMatch(x -> x.equalsIgnoreCase(s.name()))) {
                    chosen.add(s);
                }
            }
            if (chosen.isEmpty()) {
                throw new IllegalArgumentException("--sets: none of " + sets + " is a planted set (A, B, C, D)");
            }
            Results results = new Results(java.util.Map.of("command", "model validate", "transport", "inprocess",
                    "git_commit", dev.nbc.bench.report.RunInfo.gitCommit(), "date", java.time.OffsetDateTime.now().toString()));
            ByteArrayOutputStream text = new ByteArrayOutputStream();
            PrintStream both = new PrintStream(new TeeStream(System.out, text), true, StandardCharsets.UTF_8);
            PlantedValidation.run(new PlantedValidation.Config(chosen, CommonOptions.intOr(assessmentRepetitions, quick, 7, 15),
                    processes, bytes, CommonOptions.intOr(repetitions, quick, 10, 30)), results, both);
            CsvWriter.write(out.resolve(name + ".csv"), results.rows());
            JsonWriter.write(out.resolve(name + ".json"), results.run(), results.rows());
            AtomicFiles.writeString(out.resolve(name + "-summary.txt"), text.toString(StandardCharsets.UTF_8));
            System.out.println("\nwrote " + name + ".csv, " + name + ".json, " + name + "-summary.txt to " + out.toAbsolutePath());
            return 0;
        }
    }

    /** Writes to two streams: the terminal and the summary file's text. */
    private static final class TeeStream extends java.io.OutputStream {
        private final java.io.OutputStream a;
        private final java.io.OutputStream b;

        TeeStream(java.io.OutputStream a, java.io.OutputStream b) {
            this.a = a;
            this.b = b;
        }

        @Override
        public void write(int c) throws java.io.IOException {
            a.write(c);
            b.write(c);
        }

        @Override
        public void write(byte[] buf, int off, int len) throws java.io.IOException {
            a.write(buf, off, len);
            b.write(buf, off, len);
        }
    }
}
