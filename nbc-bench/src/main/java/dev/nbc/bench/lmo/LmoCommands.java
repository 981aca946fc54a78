package dev.nbc.bench.lmo;

import dev.nbc.models.lmo.PlantedNetworks;
import dev.nbc.bench.cli.CommonOptions;
import dev.nbc.bench.cli.CommandGroup;
import dev.nbc.bench.cli.OutputOptions;
import dev.nbc.core.check.CollectiveCheck;
import dev.nbc.core.progress.ProgressMode;
import dev.nbc.harness.cli.TransportKind;
import dev.nbc.harness.ranks.Session;
import dev.nbc.models.lmo.LmoExperiments;
import dev.nbc.models.lmo.LmoProtocol;
import dev.nbc.bench.report.CommandReport;
import dev.nbc.harness.cli.Checked;
import dev.nbc.harness.cli.OptionChecks;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;

/** {@code lmo measure | validate}: the heterogeneous LMO model of paper 001 on the command line. */
@Command(name = "lmo", mixinStandardHelpOptions = true,
        description = "The heterogeneous LMO model (paper 001): per-processor C_i, t_i and per-link beta_ij from roundtrip and "
                + "one-to-two experiments, the scatter threshold S, and scatter predictions.",
        subcommands = {LmoCommands.Measure.class, LmoCommands.Validate.class})
public final class LmoCommands extends CommandGroup {

    @Command(name = "measure", mixinStandardHelpOptions = true,
            description = "Run the LMO experiments on every rank of the current transport (at least 3) and estimate C_i, t_i and "
                    + "beta_ij; rank 0 prints them and how well the fitted model reproduces every measured experiment.")
    public static final class Measure implements Callable<Integer>, Checked {
        @Mixin
        CommonOptions common;

        @Option(names = "--message-bytes", paramLabel = "B",
                description = "M of the non-empty experiments (default 65536; --quick 16384); below the scatter threshold S.")
        Integer messageBytes;

        @Option(names = "--repetitions", paramLabel = "N", description = "Timings per experiment, median kept (default 7; --quick 3).")
        Integer repetitions;

        @Override
        public void check(OptionChecks checks) {
            checks.atLeast("--message-bytes", messageBytes, 1);
            checks.atLeast("--repetitions", repetitions, 1);
            if (common.transport(checks.job()) == TransportKind.INPROCESS) {
                checks.require(common.inProcessRanks() >= 3, "--ranks", "at least 3 (the triplet experiments)", common.inProcessRanks());
            } else {
                int size = checks.job().worldSize().orElse(3);
                if (size < 3) {
                    checks.fail("lmo measure needs at least 3 ranks, but the mpirun job has " + size + " (scripts/nbcrun -np 3)");
                }
            }
        }

        @Override
        public Integer call() throws Exception {
            int m = common.profile().or(messageBytes, 16 << 10, 64 << 10);
            int reps = common.profile().or(repetitions, 3, 7);
            return common.onRanks("--out", common.output().out(), ranks -> {
                int n = ranks.maxRanks();
                LmoExperiments e = ranks.run(n, env -> {
                    try (Session session = env.open(ProgressMode.MANUAL, CollectiveCheck.OFF)) {
                        return LmoProtocol.run(session.comm().transport(), m, reps).orElse(null);
                    }
                });
                if (ranks.leader()) {
                    // in this order in every run (Map.of's order differs from one JVM to the next)
                    Map<String, Object> run = new LinkedHashMap<>();
                    run.put("transport", ranks.describe());
                    run.put("ranks", n);
                    run.put("message_bytes", m);
                    run.put("repetitions", reps);
                    CommandReport report = new CommandReport("lmo measure", run);
                    LmoMeasurement.report(e, report.results(), report.out());
                    report.write(List.of(), common.output().out(), common.output().name("lmo"), "");
                }
                return 0;
            });
        }
    }

    @Command(name = "validate", mixinStandardHelpOptions = true,
            description = "Plant heterogeneous processors and links on the in-process transport (virtual time), run the LMO "
                    + "experiments and root 0's scatter and gather sweeps, and compare the recovered parameters and thresholds "
                    + "with the planted truth, and LMO's scatter and gather predictions for each root with that root's measured "
                    + "sweeps (Hockney's and LogGP's homogeneous predictions beside).")
    public static final class Validate implements Callable<Integer>, Checked {
        @Option(names = "--networks", split = ",", paramLabel = "K", defaultValue = "SLOW_LINK,SLOW_PROCESSOR",
                description = "Planted networks: ${COMPLETION-CANDIDATES} (default both).")
        List<PlantedNetworks.Kind> kinds;

        @Option(names = {"-n", "--processors"}, split = ",", paramLabel = "N", defaultValue = "4,8,16",
                description = "Processors (default ${DEFAULT-VALUE}; at least 3).")
        List<Integer> processors;

        @Option(names = "--roots", split = ",", paramLabel = "R", defaultValue = "0,1,-1",
                description = "Roots of the scatters and gathers predicted and measured; a negative one counts from the end, "
                        + "-1 being n - 1 (default ${DEFAULT-VALUE}: the slow link's ends and the slow processor).")
        List<Integer> roots;

        @Mixin
        OutputOptions output;

        @Override
        public void check(OptionChecks checks) {
            for (int n : processors) {
                checks.require(n >= 3 && n <= 64, "-n", "between 3 and 64 (the triplet experiments need 3)", n);
                for (int root : roots) {
                    checks.require(root >= -n && root < n, "--roots", "a rank of every n, between " + -n + " and " + (n - 1)
                            + " for n = " + n, root);
                }
            }
            checks.writable(output.destination());
        }

        @Override
        public Integer call() throws Exception {
            CommandReport report = new CommandReport("lmo validate", Map.of("transport", "inprocess (virtual time)"));
            LmoValidation.run(kinds, processors, roots, report.results(), report.out());
            report.write(List.of(), output.out(), output.name("lmo-validation"), "");
            return 0;
        }
    }
}
