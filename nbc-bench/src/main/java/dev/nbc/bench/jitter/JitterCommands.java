package dev.nbc.bench.jitter;

import dev.nbc.bench.cli.CommandGroup;
import dev.nbc.bench.cli.OutputOptions;
import dev.nbc.bench.latency.Stats;
import dev.nbc.bench.report.CommandReport;
import dev.nbc.bench.report.ProgressBar;
import dev.nbc.bench.report.Results;
import dev.nbc.harness.cli.Checked;
import dev.nbc.harness.cli.OptionChecks;
import dev.nbc.core.algorithm.Algorithms;
import dev.nbc.core.datatype.DataType;
import dev.nbc.core.schedule.Algorithm;
import dev.nbc.core.schedule.Collective;
import dev.nbc.models.jitter.CoScheduler;
import dev.nbc.models.jitter.CollectiveSync;
import dev.nbc.models.jitter.PhaseSync;
import dev.nbc.models.loggp.LogGPParameters;
import dev.nbc.models.jitter.JitterResult;
import dev.nbc.models.jitter.JitterSimulation;
import dev.nbc.models.jitter.JitterSimulator;
import dev.nbc.models.jitter.NoiseTraceFiles;
import dev.nbc.models.jitter.NoiseViews;
import dev.nbc.models.jitter.StartMode;
import dev.nbc.models.jitter.SyntheticNoise;
import dev.nbc.models.jitter.TreeBarrier;
import dev.nbc.models.simulation.DetourTrace;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;

/** {@code jitter collect | inject | synthesize | simulate}: OS noise after jitSim (paper 004). */
@Command(name = "jitter", mixinStandardHelpOptions = true,
        description = "OS noise (jitSim, paper 004): collect a detour trace per core on this machine, and simulate what such "
                + "noise costs a bulk-synchronous program of any number of tasks.",
        subcommands = {JitterCommands.Collect.class, JitterCommands.Simulate.class, JitterCommands.Inject.class,
                JitterCommands.Synthesize.class})
public final class JitterCommands extends CommandGroup {

    @Command(name = "collect", mixinStandardHelpOptions = true,
            description = "Record the detours of a tight clock-reading loop, one collector per CPU, each bound to its CPU: "
                    + "per CPU a trace of <jitter duration, time to next jitter> (CSV) and the same in LogGOPSim's format, "
                    + "the detours' distribution, the noise fraction, and the FWQ and FTQ views of the same data.")
    public static final class Collect implements Callable<Integer>, Checked {
        @Option(names = "--seconds", paramLabel = "S", description = "Recording time per CPU (default 30; --quick 2).")
        Double seconds;

        @Option(names = "--threshold-ns", paramLabel = "NS", defaultValue = "1000",
                description = "A clock step longer than this is a detour (default ${DEFAULT-VALUE}).")
        long thresholdNanos;

        @Option(names = "--cpus", split = ",", paramLabel = "CPU",
                description = "CPUs to collect on, one collector each, all at once (default: every CPU this process may use).")
        List<Integer> cpus;

        @Option(names = "--max-detours", paramLabel = "N", defaultValue = "10000000",
                description = "Room for detours per CPU; recording stops when it is full (default ${DEFAULT-VALUE}).")
        int maxDetours;

        @Mixin
        OutputOptions output;

        @Override
        public void check(OptionChecks checks) {
            checks.require(seconds == null || (seconds > 0 && seconds <= 86_400), "--seconds", "between 0 and 86400", seconds);
            checks.atLeast("--threshold-ns", thresholdNanos, 1);
            checks.atLeast("--max-detours", maxDetours, 1);
            if (cpus != null) {
                int available = Runtime.getRuntime().availableProcessors();
                for (int cpu : cpus) {
                    checks.require(cpu >= 0 && cpu < 1024, "--cpus", "CPU numbers from 0 (this machine has " + available + ")", cpu);
                }
            }
            checks.writable(output.destination());
        }

        @Override
        public Integer call() throws Exception {
            double span = output.profile().or(seconds, 2.0, 30.0);
            List<Integer> on = cpus != null ? cpus : dev.nbc.harness.ranks.CoreBinding.CORE.allowedCpus();
            System.out.printf(Locale.ROOT, "collecting %.1f s on CPU(s) %s, threshold %d ns...%n", span, on, thresholdNanos);
            List<TraceCollector.Collected> traces = TraceCollector.collectOnCpus(on, (long) (span * 1e9), thresholdNanos, maxDetours);
            CommandReport report = new CommandReport("jitter collect", Map.of());
            Results results = report.results();
            String name = output.name("jitter-trace");
            java.nio.file.Files.createDirectories(output.out());
            StringBuilder text = new StringBuilder();
            text.append(String.format(Locale.ROOT, "%-5s %-10s %6s %9s %10s %8s %9s %9s %9s %10s %10s %10s %9s%n", "cpu", "binding",
                    "t_min", "detours", "per s", "noise %", "p50 ns", "p99 ns", "max ns", "FWQ p99 us", "FWQ max us",
                    "FTQ min %", "full"));
            for (TraceCollector.Collected c : traces) {
                String label = c.cpu() >= 0 ? "cpu" + c.cpu() : "unbound";
                NoiseTraceFiles.write(c.trace(), output.out().resolve(name + "-" + label + ".csv"), NoiseTraceFiles.Format.TUPLES);
                NoiseTraceFiles.write(c.trace(), output.out().resolve(name + "-" + label + ".txt"), NoiseTraceFiles.Format.LOGGOPSIM);
                TraceRow r = describe(c);
                results.add("jitter-trace", r);
                text.append(String.format(Locale.ROOT, "%-5s %-10s %6d %9d %10.1f %8.4f %9.0f %9.0f %9.0f %10.1f %10.1f %10.2f %9s%n",
                        c.cpu() >= 0 ? Integer.toString(c.cpu()) : "-", c.binding().length() > 10 ? "unbound" : c.binding(),
                        c.tMinNanos(), c.trace().detours(), r.detoursPerSecond(), r.noisePct(), r.detourP50Nanos(),
                        r.detourP99Nanos(), r.detourMaxNanos(), r.fwqP99Micros(), r.fwqMaxMicros(), r.ftqMinFreePct(), c.full()));
            }
            report.out().print(text);
            report.write(List.of(), output.out(), name, " and a trace per CPU (" + name + "-cpuN.csv, .txt)");
            return 0;
        }

        /** The trace's figures as a row: the detours' distribution, the noise fraction, FWQ and FTQ over 1 ms quanta. */
        static TraceRow describe(TraceCollector.Collected c) {
            DetourTrace t = c.trace();
            double[] durations = new double[t.detours()];
            for (int i = 0; i < durations.length; i++) {
                durations[i] = t.duration(i);
            }
            double seconds = c.spanNanos() / 1e9;
            int quanta = (int) Math.min(100_000, Math.max(1, c.spanNanos() / 1_000_000));
            double[] fwq = NoiseViews.fixedWork(t, 1_000_000, quanta);
            double[] ftq = NoiseViews.fixedTime(t, 1_000_000, quanta);
            return new TraceRow(c.cpu(), c.binding(), c.tMinNanos(), c.thresholdNanos(), seconds, t.detours(), t.detours() / seconds,
                    100 * t.noiseFraction(), durations.length == 0 ? 0 : Stats.quantile(durations, 0.5),
                    durations.length == 0 ? 0 : Stats.quantile(durations, 0.99), durations.length == 0 ? 0 : Stats.max(durations),
                    Stats.quantile(fwq, 0.5) / 1e3, Stats.quantile(fwq, 0.99) / 1e3, Stats.max(fwq) / 1e3, 100 * Stats.min(ftq),
                    100 * Stats.mean(ftq), c.full());
        }
    }

    @Command(name = "inject", mixinStandardHelpOptions = true,
            description = "Noise with a known pattern: on each CPU a thread bound to it sleeps --period-us and spins --detour-us, "
                    + "preempting whatever computes there (for validating the simulation against a real run).")
    public static final class Inject implements Callable<Integer>, Checked {
        @Option(names = "--cpus", split = ",", paramLabel = "CPU", description = "CPUs (default: every CPU this process may use).")
        List<Integer> cpus;

        @Option(names = "--period-us", paramLabel = "US", defaultValue = "1000", description = "Sleep between detours (default ${DEFAULT-VALUE}).")
        double periodMicros;

        @Option(names = "--detour-us", paramLabel = "US", defaultValue = "50", description = "Spin per detour (default ${DEFAULT-VALUE}).")
        double detourMicros;

        @Option(names = "--seconds", paramLabel = "S", defaultValue = "60", description = "How long (default ${DEFAULT-VALUE}).")
        double seconds;

        @Override
        public void check(OptionChecks checks) {
            checks.require(periodMicros > 0 && periodMicros <= 1e7, "--period-us", "in (0, 10000000]", periodMicros);
            checks.require(detourMicros > 0 && detourMicros <= 1e7, "--detour-us", "in (0, 10000000]", detourMicros);
            checks.require(seconds > 0 && seconds <= 86_400, "--seconds", "in (0, 86400]", seconds);
        }

        @Override
        public Integer call() throws InterruptedException {
            NoiseInjector.run(cpus != null ? cpus : dev.nbc.harness.ranks.CoreBinding.CORE.allowedCpus(), (long) (periodMicros * 1e3),
                    (long) (detourMicros * 1e3), seconds);
            return 0;
        }
    }

    @Command(name = "synthesize", mixinStandardHelpOptions = true,
            description = "Write a synthetic noise trace in 'jitter collect''s two formats, <name>.csv (<jitter duration, time "
                    + "to next jitter>) and <name>.txt (LogGOPSim's start duration), for 'jitter simulate --trace': the same "
                    + "trace as 'jitter simulate --synthetic' with the same KIND.")
    public static final class Synthesize implements Callable<Integer>, Checked {
        @Option(names = "--synthetic", required = true, paramLabel = "KIND",
                description = "periodic:D,T (a detour of D ns after every T ns) or exponential:D,MEAN[,ROWS] (ROWS detours, "
                        + "exponential gaps of mean MEAN ns, seeded).")
        String synthetic;

        @Mixin
        OutputOptions output;

        private DetourTrace trace;

        @Override
        public void check(OptionChecks checks) {
            checks.libraryCheck("--synthetic", () -> trace = Simulate.synthetic(synthetic));
            checks.writable(new dev.nbc.harness.cli.RankRuns.Output("--out", output.out()));
        }

        @Override
        public Integer call() throws Exception {
            String name = output.name("jitter-synthetic");
            java.nio.file.Files.createDirectories(output.out());
            java.nio.file.Path csv = output.out().resolve(name + ".csv");
            NoiseTraceFiles.write(trace, csv, NoiseTraceFiles.Format.TUPLES);
            NoiseTraceFiles.write(trace, output.out().resolve(name + ".txt"), NoiseTraceFiles.Format.LOGGOPSIM);
            System.out.printf(Locale.ROOT, "%s: %d detours over %.3f s, noise %.4f %%; wrote %s and %s.txt%n", synthetic, trace.detours(),
                    trace.period() / 1e9, 100 * trace.noiseFraction(), csv, name);
            return 0;
        }
    }

    @Command(name = "simulate", mixinStandardHelpOptions = true,
            description = "jitSim's trace-driven simulation: tasks compute phases of W in the gaps of a noise trace and meet at a "
                    + "barrier; slowdown = mean phase time / W - 1 for every number of tasks and start mode.")
    public static final class Simulate implements Callable<Integer>, Checked {
        @Option(names = "--trace", split = ",", paramLabel = "FILE",
                description = "Noise trace(s): 'jitter collect' CSV files (<jitter_ns,gap_ns>) or LogGOPSim files (.txt: start "
                        + "duration per line); several are one trace after the other (one per core).")
        List<Path> traces;

        @Option(names = "--synthetic", paramLabel = "KIND",
                description = "A synthetic trace instead: periodic:D,T (a detour of D ns after every T ns) or "
                        + "exponential:D,MEAN[,ROWS] (exponential gaps).")
        String synthetic;

        @Option(names = "--tasks", split = ",", paramLabel = "P",
                description = "Task counts (default 1,10,100,1000,10000,100000,1000000; --quick up to 10000).")
        List<Integer> tasks;

        @Option(names = "--work-us", split = ",", paramLabel = "W", defaultValue = "1000",
                description = "Work per phase per task, us (default ${DEFAULT-VALUE}).")
        List<Double> workMicros;

        @Option(names = "--phases", paramLabel = "N", description = "Phases (default 100; --quick 20).")
        Integer phases;

        @Option(names = "--modes", split = ",", paramLabel = "M", defaultValue = "RANDOM,SYNCHRONIZED,CO_SCHEDULED",
                description = "Start modes: ${COMPLETION-CANDIDATES} (default all).")
        List<StartMode> modes;

        @Option(names = "--co-high-us", paramLabel = "US", defaultValue = "9000",
                description = "Co-scheduler: high-priority window (default ${DEFAULT-VALUE}).")
        double coHighMicros;

        @Option(names = "--co-low-us", paramLabel = "US", defaultValue = "1000",
                description = "Co-scheduler: low-priority window (default ${DEFAULT-VALUE}).")
        double coLowMicros;

        @Option(names = "--co-switch-us", paramLabel = "US", defaultValue = "0",
                description = "Co-scheduler: the daemon's own cost per window (default ${DEFAULT-VALUE}).")
        double coSwitchMicros;

        @Option(names = "--barrier", paramLabel = "B", defaultValue = "tree",
                description = "The synchronisation: tree (jitSim's binary-tree barrier with the costs below), none (the slowest "
                        + "task's end, no cost), or any nbc collective as COLLECTIVE:ALGORITHM (e.g. allreduce:ring, "
                        + "barrier:dissemination), run by the schedule simulator on LogGP L = --hop-ns, o = g = the mean of "
                        + "--send-ns and --receive-ns, G = --gap-per-byte-ns (default ${DEFAULT-VALUE}).")
        String barrier;

        @Option(names = "--bytes", paramLabel = "B", defaultValue = "8",
                description = "A collective synchronisation's block size (default ${DEFAULT-VALUE}).")
        int bytes;

        @Option(names = "--gap-per-byte-ns", paramLabel = "G", defaultValue = "0.1",
                description = "A collective synchronisation's G, ns per byte (default ${DEFAULT-VALUE}).")
        double gapPerByte;

        @Option(names = "--coverage", split = ",", paramLabel = "C",
                description = "Share of the trace a task's run covers (jitSim's Fig. 8): the trace is cut to phases x W / C "
                        + "(default: the whole trace).")
        List<Double> coverages;

        @Option(names = "--send-ns", paramLabel = "NS", defaultValue = "500", description = "CPU per barrier send (default ${DEFAULT-VALUE}).")
        double sendNanos;

        @Option(names = "--receive-ns", paramLabel = "NS", defaultValue = "500", description = "CPU per barrier receive (default ${DEFAULT-VALUE}).")
        double receiveNanos;

        @Option(names = "--hop-ns", paramLabel = "NS", defaultValue = "1000", description = "Latency of a barrier message (default ${DEFAULT-VALUE}).")
        double hopNanos;

        @Option(names = "--seed", paramLabel = "S", defaultValue = "1", description = "Seed of the start points (default ${DEFAULT-VALUE}).")
        long seed;

        @Option(names = "--model", paramLabel = "FILE",
                description = "Take the synchronisation's costs from a model file written by 'model measure' (this machine's "
                        + "o_s, o_r, L, and G at --bytes) instead of --send-ns, --receive-ns, --hop-ns, --gap-per-byte-ns.")
        Path model;

        @Option(names = "--no-progress", negatable = true, defaultValue = "true", fallbackValue = "true",
                description = "Show a progress bar on a terminal (default); --no-progress: never.")
        boolean progress;

        @Mixin
        OutputOptions output;

        private DetourTrace trace;
        private String traceName;

        @Override
        public void check(OptionChecks checks) {
            checks.require((traces == null || traces.isEmpty()) != (synthetic == null), "--trace",
                    "given, or --synthetic instead (exactly one of them)", traces == null ? synthetic : traces);
            if (synthetic != null) {
                checks.libraryCheck("--synthetic", () -> trace = synthetic(synthetic));
                traceName = synthetic;
            } else if (traces != null && !traces.isEmpty()) {
                checks.libraryCheck("--trace", () -> trace = NoiseTraceFiles.concatenate(traces.stream()
                        .map(f -> NoiseTraceFiles.read(f, NoiseTraceFiles.Format.of(f))).toList()));
                traceName = String.join("+", traces.stream().map(p -> p.getFileName().toString()).toList());
            }
            if (tasks != null) {
                for (int p : tasks) {
                    checks.require(p >= 1 && p <= 10_000_000, "--tasks", "between 1 and 10000000", p);
                }
            }
            for (double w : workMicros) {
                checks.require(w > 0 && Double.isFinite(w), "--work-us", "positive", w);
            }
            checks.atLeast("--phases", phases, 1);
            if (model != null) {
                checks.libraryCheck("--model", () -> {
                    var loggp = dev.nbc.models.assessment.ModelFile.load(model).loggp();
                    sendNanos = Math.max(0, loggp.sendOverhead().value());
                    receiveNanos = Math.max(0, loggp.receiveOverhead().value());
                    hopNanos = Math.max(0, loggp.latency().value());
                    gapPerByte = Math.max(0, loggp.regionFor(bytes).G().value());
                });
            }
            checks.libraryCheck("--barrier", () -> sync(2));
            checks.atLeast("--bytes", bytes, 0);
            if (coverages != null) {
                for (double c : coverages) {
                    checks.require(c > 0 && c <= 1, "--coverage", "in (0, 1]", c);
                }
            }
            checks.libraryCheck("--co-high-us", () -> coScheduler());
            checks.libraryCheck("--send-ns", () -> new TreeBarrier(sendNanos, receiveNanos, hopNanos));
            checks.writable(output.destination());
        }

        /** The synchronisation --barrier names, for {@code tasks} tasks (null: none). */
        private PhaseSync sync(int tasks) {
            if (barrier.equals("none")) {
                return null;
            }
            if (barrier.equals("tree")) {
                return new TreeBarrier(sendNanos, receiveNanos, hopNanos);
            }
            String[] parts = barrier.split(":", 2);
            if (parts.length != 2) {
                throw new IllegalArgumentException("'" + barrier + "': expected tree, none or COLLECTIVE:ALGORITHM");
            }
            Collective collective = Collective.parse(parts[0]);
            if (!collective.hasEqualBlocks()) {
                throw new IllegalArgumentException(collective.label() + " has blocks of different sizes");
            }
            Algorithm algorithm = Algorithms.parse(collective, parts[1]);
            double o = (sendNanos + receiveNanos) / 2;
            return new CollectiveSync(algorithm, collective.count(bytes, DataType.DOUBLE), DataType.DOUBLE,
                    new LogGPParameters(hopNanos, o, o, gapPerByte, tasks, 0));
        }

        private CoScheduler coScheduler() {
            return new CoScheduler(coHighMicros * 1e3, coLowMicros * 1e3, coSwitchMicros * 1e3);
        }

        static DetourTrace synthetic(String kind) {
            String[] parts = kind.split(":", 2);
            if (parts.length != 2) {
                throw new IllegalArgumentException("'" + kind + "': expected periodic:D,T or exponential:D,MEAN[,ROWS]");
            }
            String[] numbers = parts[1].split(",");
            try {
                double d = Double.parseDouble(numbers[0]);
                double t = Double.parseDouble(numbers[1]);
                return switch (parts[0]) {
                    case "periodic" -> SyntheticNoise.periodic(d, t);
                    case "exponential" -> SyntheticNoise.exponential(d, t, numbers.length > 2 ? Integer.parseInt(numbers[2]) : 1_000_000, 1);
                    default -> throw new IllegalArgumentException("'" + parts[0] + "': expected periodic or exponential");
                };
            } catch (NumberFormatException | ArrayIndexOutOfBoundsException e) {
                throw new IllegalArgumentException("'" + kind + "': expected periodic:D,T or exponential:D,MEAN[,ROWS] in ns");
            }
        }

        @Override
        public Integer call() throws Exception {
            List<Integer> counts = tasks != null ? tasks : output.profile().or(null, List.of(1, 10, 100, 1000, 10_000),
                    List.of(1, 10, 100, 1000, 10_000, 100_000, 1_000_000));
            int n = output.profile().or(phases, 20, 100);
            List<Double> covered = coverages == null || coverages.isEmpty() ? java.util.Arrays.asList((Double) null) : coverages;
            CommandReport report = new CommandReport("jitter simulate", Map.of("trace", traceName));
            Results results = report.results();
            ProgressBar bar = new ProgressBar(progress && ProgressBar.terminal(),
                    modes.size() * workMicros.size() * counts.size() * covered.size());
            for (StartMode mode : modes) {
                for (double w : workMicros) {
                  for (Double coverage : covered) {
                    DetourTrace used = coverage == null ? trace : trace.prefix(n * w * 1e3 / coverage);
                    for (int p : counts) {
                        bar.step(mode + " W=" + w + "us P=" + p);
                        long t0 = System.nanoTime();
                        JitterResult r = JitterSimulator.run(new JitterSimulation(used, mode, coScheduler(), p, n, w * 1e3, sync(p), seed));
                        results.add(JitterSection.NAME, new SimulationRow(mode.toString().toLowerCase(Locale.ROOT), w, p, n, barrier,
                                coverage == null ? n * w * 1e3 / trace.period() : coverage, 100 * r.slowdown(),
                                r.meanPhaseNanos() / 1e3, r.meanWastedNanos() / 1e3, 100 * r.noiseFraction(),
                                (System.nanoTime() - t0) / 1e9));
                    }
                  }
                }
            }
            bar.step("done");
            JitterSection section = new JitterSection();
            StringBuilder text = new StringBuilder("trace " + traceName + String.format(Locale.ROOT,
                    ": %d detours over %.3f s, noise %.4f %%; barrier %s; seed %d%n", trace.detours(), trace.period() / 1e9,
                    100 * trace.noiseFraction(), barrier.equals("none") ? "none" : String.format(Locale.ROOT,
                            "%s (send %.0f ns, receive %.0f ns, hop %.0f ns, G %.3g ns/B%s)", barrier, sendNanos, receiveNanos, hopNanos,
                            gapPerByte, model == null ? "" : ", from " + model.getFileName()), seed));
            section.summarize(results.rows(JitterSection.NAME), text);
            report.out().print(text);
            report.write(List.of(section), output.out(), output.name("jitter"), "");
            return 0;
        }
    }
}
