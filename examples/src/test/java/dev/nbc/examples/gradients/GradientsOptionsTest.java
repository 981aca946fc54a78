package dev.nbc.examples.gradients;

import dev.nbc.harness.cli.JobEnvironment;
import dev.nbc.harness.cli.testing.CommandRun;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** GradientsMain's bad input: exit code 2, one line naming the option and the rule, refused before MPI starts. */
class GradientsOptionsTest {

    private static CommandRun.Outcome run(String args) {
        return CommandRun.run(GradientsMain.commandLine(new JobEnvironment(Map.of())), args.split(" "));
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
        "--model-mb 0                           | --model-mb: must be a finite number above 0, but was 0.0",
        "--model-mb 0.0001 --layers 50          | --model-mb, --layers: the model's 13 doubles cannot fill 50 layers with at least one each",
        "--layers 0                             | --layers: must be at least 1, but was 0",
        "--bucket-mb -1                         | --bucket-mb: must be a finite number above 0, but was -1.0",
        "--buckets 0                            | --buckets: must be at least 1, but was 0",
        "--buckets 5 --bucket-mb 1              | --bucket-mb, --buckets: give one of them, not both",
        "--compute-ms NaN                       | --compute-ms: must be a finite number of at least 0, but was NaN",
        "--steps 0                              | --steps: must be at least 1, but was 0",
        "--warmup -1                            | --warmup: must be at least 0, but was -1",
        "--variant fast                         | --variant: one of overlapped, blocking, mpi-blocking, all, but was 'fast'",
        "--model /nonexistent/model.json        | --model: /nonexistent/model.json: does not exist",
        "--model m.json --latency-us 5          | give a model file or the parameters, not both",
        "--gap-per-byte-ns -8                   | --gap-per-byte-ns: must be a finite number of at least 0, but was -8.0",
        "--model-mb 1e9 --layers 1000000         | --model-mb 1.0E9: needs ",
        "--model-mb 1e5 --layers 1              | --model-mb, --layers: a layer of 13107200000 doubles is larger than a buffer holds (2 GiB); use more layers",
    })
    void aBadValueIsOneLineAndExitCode2BeforeMpiStarts(String args, String expected) {
        CommandRun.assertUserError(run(args.strip()), "gradients", expected);
    }

    @Test
    void helpStartsNothing() {
        CommandRun.Outcome o = run("--help");
        assertEquals(0, o.exitCode(), o.err());
        assertTrue(o.out().contains("--bucket-mb") && o.out().contains("mpi-blocking"), o.out());
    }
}
