package dev.nbc.bench.cli;

import dev.nbc.bench.NbcBench;
import dev.nbc.harness.cli.Cli;
import dev.nbc.harness.cli.JobEnvironment;
import dev.nbc.harness.cli.testing.CommandRun;
import dev.nbc.harness.cli.testing.CommandRun.Outcome;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Every bad value the issue found (and the other rules), in process with --transport inprocess:
 * exit code 2, one line that names the option, no stack trace, and nothing measured or written.
 * The timeout only stops a regression from hanging the build (--size-factor 1 used to run until
 * OutOfMemoryError); nothing here is about speed.
 */
@Timeout(value = 120, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
class OptionValidationTest {
    @TempDir
    Path dir;

    private static Outcome run(JobEnvironment job, String... args) {
        return CommandRun.run(NbcBench.commandLine(job), args);
    }

    /** {@code command} with {@code args}, in-process, writing (if it ever did) into a fresh directory. */
    private Outcome runInProcess(String command, String args) {
        List<String> all = new ArrayList<>(Arrays.asList(command.split(" ")));
        boolean model = command.startsWith("model") || command.startsWith("jitter") || command.startsWith("lmo")
                || command.startsWith("advise");
        if (!command.equals("model predict")) {
            all.addAll(List.of("--out", dir.resolve("results").toString()));
        }
        if (!model || command.equals("model measure") || command.equals("lmo measure")) {
            all.addAll(List.of("--quick", "--no-progress"));
            if (!args.contains("--transport")) {
                all.addAll(List.of("--transport", "inprocess"));
            }
        }
        all.addAll(Arrays.asList(args.split(" ")));
        return run(new JobEnvironment(Map.of()), all.toArray(String[]::new));
    }

    private void assertUserError(Outcome o, String expected) throws IOException {
        CommandRun.assertUserError(o, "scripts/nbc", expected);
        try (Stream<Path> written = Files.walk(dir)) {
            assertEquals(List.of(dir), written.filter(p -> !p.equals(dir.resolve("results"))).toList(), "nothing written");
        }
    }

    @ParameterizedTest(name = "{0} {1}")
    @CsvSource(delimiter = '|', value = {
        "overhead      | --ranks 0                        | --ranks: must be between 1 and ",
        "overhead      | --transport foo                  | --transport",
        "overhead      | --collectives foo                | --collectives",
        "overhead      | --collectives bcast,fooo         | unknown collective 'fooo' (barrier, bcast, allreduce, reduce, allgather, gather, scatter, alltoall, scan, exscan, reduce_scatter_block)",
        "overlap       | --variants nbc-fast              | unknown variant 'nbc-fast'",
        "overhead      | --latency-us NaN                 | --latency-us: must be a finite number of at least 0, but was NaN",
        "overhead      | --gap-per-byte-ns -0.5           | --gap-per-byte-ns",
        "overhead      | --ranks 2 --overhead-us Infinity | --overhead-us",
        "sync          | --repetitions -1                 | --repetitions: must be at least 1, but was -1",
        "overlap       | --repetitions -5                 | --repetitions",
        "overlap       | --repetitions 0                  | --repetitions",
        "overhead      | --size-factor 1                  | --size-factor: must be at least 2, but was 1",
        "overhead      | --size-factor 0                  | --size-factor",
        "latency       | --size-factor -2                 | --size-factor",
        "overhead      | --max-bytes -8                   | --max-bytes: must be at least 0, but was -8",
        "overhead      | --max-bytes 2147483647           | --max-bytes 2147483647: needs ",
        "overhead      | --max-bytes 2147483648           | --max-bytes",
        "latency       | --min-bytes 4096 --max-bytes 64  | --min-bytes: must be at most --max-bytes (64)",
        "overhead      | --seconds -1                     | --seconds: must be a finite number above 0",
        "overhead      | --seconds 0                      | --seconds",
        "overhead      | --max-iterations 0               | --max-iterations",
        "overlap       | --test-interval-us 0             | --test-interval-us",
        "latency       | --window-factor 0                | --window-factor",
        "latency       | --late-us -1                     | --late-us",
        "latency       | --min-window-us NaN              | --min-window-us",
        "sync          | --patience 0                     | --patience",
        "sync          | --drift-gap-ms -1                | --drift-gap-ms",
        "sync          | --check-after-ms -1              | --check-after-ms",
        "sync          | --inject-drift-ppm 2e6           | --inject-drift-ppm",
        "sync          | --inject-offset-us NaN           | --inject-offset-us",
        "all           | --name ../elsewhere              | --name: must be a plain file name",
        "overhead      | --transport mpi --latency-us 20  | the emulated network is for --transport inprocess only",
        "overlap       | --transport mpi --bind-to none   | --bind-to: binds in-process ranks only, but the transport is mpi",
        "overlap       | --bind-to socket                 | --bind-to",
        "overlap       | --transport tcp --bind-to none   | --bind-to: binds in-process ranks only, but the transport is tcp",
        "overhead      | --transport tcp --latency-us 20  | the emulated network is for --transport inprocess only, but the transport is tcp",
        "overlap       | --tcp-address 127.0.0.1          | --tcp-address: for --transport tcp only, but the transport is inprocess",
        "overlap       | --transport tcp --tcp-address 198.51.100.0/24 | --tcp-address: no interface of this machine is in 198.51.100.0/24",
        "overhead      | --transport sockets              | unknown transport 'sockets' (mpi, tcp, inprocess)",
        "overhead      | --rank 2                         | did you mean --ranks?",
        "model measure | --ranks 1                        | --ranks: must be at least 2",
        "model measure | --max-bytes 4                    | --max-bytes: must be at least 8",
        "model measure | --repetitions 0                  | --repetitions",
        "model predict | --model /nonexistent/model.json  | --model: /nonexistent/model.json: does not exist (expected a model file written by",
        "model predict | --model m.json --algorithm fast  | --algorithm: algorithm: 'fast' is not a bcast algorithm",
        "model predict | --model m.json -P 0              | -P: must be at least 1",
        "model predict | --model m.json --bytes -1        | (B): must be a number of bytes >= 0, optionally followed by k, m or g, but was",
        "model predict | --model m.json --bytes 2g        | --bytes: must be between 0 and 2147483647, but was 2147483648",
        "model predict | --model m.json --collectives x   | --collectives",
        "model validate | -P 0                            | -P: must be between 1 and ",
        "model validate | --sets Z                        | unknown planted set 'Z' (A, B, C, D)",
        "model validate | --bytes 2147483647              | --bytes 2147483647: needs ",
        "model validate | --repetitions 0                 | --repetitions",
        "model validate | --assessment-repetitions 0      | --assessment-repetitions",
        "model select  | -P 0                             | -P: must be between 1 and ",
        "model select  | --collectives gatherv            | unknown collective 'gatherv' (barrier, bcast, allreduce, reduce,",
        "model select  | --repetitions 0                  | --repetitions",
        "model select  | --sets Z                         | unknown planted set 'Z' (A, B, C, D)",
        "advise        | --bytes 1m                       | Missing required option: '--compute-us=US'",
        "advise        | --compute-us -1 --latency-us 5   | --compute-us: must be between 0 and 60000000 (a minute), but was -1.0",
        "advise        | --compute-us 10 --latency-us 5 --bytes 1x | (B): must be a number of bytes >= 0, optionally followed by k, m or g, but was",
        "advise        | --compute-us 10 --latency-us 5 --bytes 2g | --bytes: must be at most 2147483647 (buffers are indexed by int), but was 2147483648",
        "advise        | --compute-us 10                  | --model: the network's LogGP parameters are needed",
        "advise        | --compute-us 10 --transport mpi --model m.json --virtual-time | --virtual-time: for in-process ranks only",
        "advise        | --compute-us 10 --model /nonexistent/model.json | --model: /nonexistent/model.json: does not exist",
        "advise        | --compute-us 10 --latency-us 5 -P 0 | -P: must be at least 1, but was 0",
        "advise        | --compute-us 10 --latency-us 5 --measure -P 100000 | -P: must be between 1 and ",
        "advise        | --compute-us 10 --latency-us 5 --iterations 0 | --iterations: must be at least 1",
        "advise        | --compute-us 10 --latency-us 5 --test-interval-us 0 | --test-interval-us: must be a finite number above 0",
        "advise        | --compute-us 10 --latency-us 5 --gamma-ns-per-byte -1 | --gamma-ns-per-byte: must be a finite number of at least 0",
        "advise        | --compute-us 10 --latency-us 5 --collective gatherv | unknown collective 'gatherv'",
        "lmo validate  | -n 2                             | -n: must be between 3 and 64 (the triplet experiments need 3)",
        "lmo measure   | --ranks 2                        | --ranks: must be at least 3 (the triplet experiments)",
        "lmo measure   | --message-bytes 0                | --message-bytes",
        "lmo validate  | --networks FAST                  | --networks",
        "lmo validate  | -n 4 --roots 4                   | --roots: must be a rank of every n, between -4 and 3 for n = 4, but was 4",
        "jitter collect | --seconds 0                     | --seconds: must be between 0 and 86400",
        "jitter collect | --threshold-ns 0                | --threshold-ns",
        "jitter simulate | --tasks 4                      | --trace: must be given, or --synthetic instead (exactly one of them)",
        "jitter simulate | --synthetic wobbly:1,2         | --synthetic: 'wobbly': expected periodic or exponential",
        "jitter synthesize | --synthetic exponential:1     | --synthetic: 'exponential:1': expected periodic:D,T or exponential:D,MEAN[,ROWS] in ns",
        "jitter simulate | --synthetic periodic:1,2 --tasks 0 | --tasks: must be between 1 and 10000000",
        "jitter simulate | --synthetic periodic:1,2 --barrier ring | --barrier: 'ring': expected tree, none or COLLECTIVE:ALGORITHM",
        "jitter simulate | --synthetic periodic:1,2 --barrier allreduce:fast | --barrier: algorithm: 'fast' is not a allreduce algorithm",
        "jitter simulate | --synthetic periodic:1,2 --coverage 0 | --coverage: must be in (0, 1]",
        "jitter simulate | --synthetic periodic:1,2 --co-low-us 0 | --co-high-us: lowNanos: must be finite and > 0",
        "jitter simulate | --trace /nonexistent.csv       | --trace: /nonexistent.csv: does not exist (expected a noise trace",
        "jitter simulate | --synthetic periodic:1,2 --model /nonexistent.json | --model: /nonexistent.json: does not exist (expected a model file",
    })
    void aBadValueIsOneLineAndExitCode2BeforeAnyWork(String command, String args, String expected) throws IOException {
        assertUserError(runInProcess(command, args), expected);
    }

    @Test
    void anUnwritableOutIsRefusedBeforeMeasuring() throws IOException {
        Path file = Files.writeString(dir.resolve("a-file"), "not a directory");
        Outcome o = run(new JobEnvironment(Map.of()), "sync", "--transport", "inprocess", "--quick", "--no-progress",
                "--out", file.toString());
        assertEquals(Cli.EXIT_USAGE, o.exitCode(), o.err());
        assertEquals(1, o.err().lines().count(), o.err());
        assertTrue(o.err().contains("--out: cannot write into '" + file + "'"), o.err());
        assertTrue(o.err().contains("exists and is not a directory"), o.err());
        assertEquals("", o.out(), "the benchmark did not run");
        assertEquals("not a directory", Files.readString(file));

        Outcome validate = run(new JobEnvironment(Map.of()), "model", "validate", "--out", file.toString());
        assertEquals(Cli.EXIT_USAGE, validate.exitCode(), validate.err());
        assertTrue(validate.err().contains("--out: cannot write into"), validate.err());
    }

    @Test
    void underMpirunOnlyRankZeroSpeaks() {
        Outcome rank1 = run(new JobEnvironment(Map.of("OMPI_COMM_WORLD_RANK", "1", "OMPI_COMM_WORLD_SIZE", "4")),
                "overlap", "--repetitions", "-5");
        assertEquals(Cli.EXIT_USAGE, rank1.exitCode());
        assertEquals("", rank1.err() + rank1.out());
        Outcome rank0 = run(new JobEnvironment(Map.of("OMPI_COMM_WORLD_RANK", "0", "OMPI_COMM_WORLD_SIZE", "4")),
                "overlap", "--repetitions", "-5");
        assertEquals(Cli.EXIT_USAGE, rank0.exitCode());
        assertEquals(1, rank0.err().lines().count(), rank0.err());
    }

    @Test
    void modelMeasureOverMpiNeedsTwoRanks() {
        Outcome o = run(new JobEnvironment(Map.of("OMPI_COMM_WORLD_RANK", "0", "OMPI_COMM_WORLD_SIZE", "1")),
                "model", "measure", "--out", dir.toString());
        assertEquals(Cli.EXIT_USAGE, o.exitCode(), o.err());
        assertTrue(o.err().contains("model measure needs 2 ranks, but the mpirun job has 1"), o.err());
    }
}
