package dev.nbc.examples;

import dev.nbc.harness.cli.Cli;
import dev.nbc.harness.cli.JobEnvironment;
import dev.nbc.harness.cli.testing.CommandRun;
import org.junit.jupiter.api.Test;

import java.util.Map;

/** Demo's options are checked before MPI starts, so a bad one is refused here without any MPI rank. */
class DemoOptionsTest {

    private static CommandRun.Outcome run(String... args) {
        return CommandRun.run(Cli.commandLine(new Demo(), new JobEnvironment(Map.of())), args);
    }

    @Test
    void aBadRepeatCountIsOneLineAndExitCode2() {
        CommandRun.assertUserError(run("--repeat", "0"), "demo", "demo: --repeat: must be at least 1, but was 0 (see demo --help)");
        CommandRun.assertUserError(run("--repeat", "many"), "demo", "Invalid value for option '--repeat'");
        CommandRun.assertUserError(run("7"), "demo", "Unmatched argument at index 0: '7'");
    }
}
