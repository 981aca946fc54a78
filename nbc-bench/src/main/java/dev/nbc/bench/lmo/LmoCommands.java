package dev.nbc.bench.lmo;

import dev.nbc.bench.cli.OutputOptions;
import dev.nbc.bench.report.CommandReport;
import dev.nbc.harness.cli.Checked;
import dev.nbc.harness.cli.OptionChecks;
import dev.nbc.harness.cli.RankRuns;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;

/** {@code lmo validate}: the heterogeneous LMO model of paper 001 on the command line. */
@Command(name = "lmo", mixinStandardHelpOptions = true,
        description = "The heterogeneous LMO model (paper 001): per-processor C_i, t_i and per-link beta_ij from roundtrip and "
                + "one-to-two experiments, the scatter threshold S, and scatter predictions.",
        subcommands = {LmoCommands.Validate.class})
public final class LmoCommands implements Runnable {
    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public void run() {
        spec.commandLine().usage(System.out);
    }

    @Command(name = "validate", mixinStandardHelpOptions = true,
            description = "Plant heterogeneous processors and links on the in-process transport (virtual time), run the LMO "
                    + "experiments and a scatter sweep, and compare the recovered parameters, S and LMO's scatter prediction "
                    + "with the planted truth and the measured scatter (Hockney's homogeneous prediction beside).")
    public static final class Validate implements Callable<Integer>, Checked {
        @Option(names = "--networks", split = ",", paramLabel = "K", defaultValue = "SLOW_LINK,SLOW_PROCESSOR",
                description = "Planted networks: ${COMPLETION-CANDIDATES} (default both).")
        List<LmoValidation.PlantedKind> kinds;

        @Option(names = {"-n", "--processors"}, split = ",", paramLabel = "N", defaultValue = "4,8,16",
                description = "Processors (default ${DEFAULT-VALUE}; at least 3).")
        List<Integer> processors;

        @Mixin
        OutputOptions output;

        @Override
        public void check(OptionChecks checks) {
            for (int n : processors) {
                checks.require(n >= 3 && n <= 64, "-n", "between 3 and 64 (the triplet experiments need 3)", n);
            }
            checks.writable(new RankRuns.Output("--out", output.out()));
        }

        @Override
        public Integer call() throws Exception {
            CommandReport report = new CommandReport("lmo validate", Map.of("transport", "inprocess (virtual time)"));
            LmoValidation.run(kinds, processors, report.results(), report.out());
            report.write(List.of(), output.out(), output.name("lmo-validation"), "");
            return 0;
        }
    }
}
