package dev.nbc.examples.gauss;

import dev.nbc.harness.cli.Cli;
import dev.nbc.harness.cli.JobEnvironment;
import dev.nbc.harness.cli.testing.CommandRun;
import dev.nbc.harness.cli.testing.CommandRun.Outcome;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * GaussMain's bad input, in process: exit code 2, one line naming the option and the rule, no stack
 * trace, nothing solved or written; and its --csv/--plot written together. The timeout only stops
 * a regression from hanging the build (--n 100000 used to run for minutes in GC).
 */
@Timeout(value = 120, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
class GaussOptionsTest {
    @TempDir
    Path dir;

    private static Outcome run(JobEnvironment job, List<String> args) {
        return CommandRun.run(GaussMain.commandLine(job), args.toArray(String[]::new));
    }

    private static Outcome run(String args) {
        return run(new JobEnvironment(Map.of()), Arrays.asList(args.split(" ")));
    }

    private void assertUserError(Outcome o, String expected) throws IOException {
        CommandRun.assertUserError(o, "gauss", expected);
        try (Stream<Path> written = Files.list(dir)) {
            assertEquals(List.of(), written.filter(p -> !p.getFileName().toString().equals("a-file")).toList(), "nothing written");
        }
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
        "--n 0                               | --n, --ranks: n: the system needs at least 1 unknown, but was 0",
        "--n 3 --ranks 4                     | --n, --ranks: P = 4 ranks for n = 3 unknowns",
        "--n 100000 --ranks 2                | --n 100000: needs 223.5 GiB (8 B x 100000^2 x 3 copies of the matrix with 2 ranks in this JVM), more than the ",
        "--variant fast                      | --variant: variant: one of blocking (1), lookahead (2), column (3), but was 'fast'",
        "--transport foo                     | --transport",
        "--ranks 0                           | --ranks: must be between 1 and ",
        "--repeat 0                          | --repeat: must be at least 1, but was 0",
        "--timeout-s 0                       | --timeout-s",
        "--matrix identity                   | --matrix: matrix: one of random, hilbert, vandermonde, singular",
        "--latency-us NaN                    | --latency-us: must be a finite number of at least 0, but was NaN",
        "--G-ns-per-byte -1                  | --gap-per-byte-ns",
        "--transport mpi --overhead-us 2     | the emulated network is for --transport inprocess only",
        "--from-csv /nonexistent/p1.csv      | --from-csv: /nonexistent/p1.csv: does not exist (expected a CSV file written by this program's --csv)",
        "--no-such-option                    | Unknown option: '--no-such-option'",
    })
    void aBadValueIsOneLineAndExitCode2BeforeAnyWork(String args, String expected) throws IOException {
        assertUserError(run(args.strip()), expected);
    }

    @Test
    void anUnwritableOutputIsRefusedBeforeSolving() throws IOException {
        Path file = Files.writeString(dir.resolve("a-file"), "x");
        assertUserError(run(new JobEnvironment(Map.of()), List.of("--n", "16", "--csv", file.resolve("grid.csv").toString())),
                "--csv: cannot write into '" + file + "': " + file + " exists and is not a directory");
        Path directory = Files.createDirectory(dir.resolve("plots.png"));
        Outcome o = run(new JobEnvironment(Map.of()), List.of("--n", "16", "--plot", directory.toString()));
        Files.delete(directory);
        assertUserError(o, "--plot: must be a file, not a directory");
    }

    @ParameterizedTest(name = "--transport {0}")
    @ValueSource(strings = {"mpi", "tcp --tcp-address 127.0.0.1"})
    void onAnMpirunJobsRanksTheJobsSizeIsCheckedAgainstNBeforeMpiStarts(String transport) throws IOException {
        List<String> args = new ArrayList<>(List.of("--transport"));
        args.addAll(List.of(transport.split(" ")));
        args.addAll(List.of("--n", "3"));
        Outcome rank0 = run(new JobEnvironment(Map.of("OMPI_COMM_WORLD_RANK", "0", "OMPI_COMM_WORLD_SIZE", "4")), args);
        assertUserError(rank0, "--n: P = 4 ranks for n = 3 unknowns");
        Outcome rank2 = run(new JobEnvironment(Map.of("OMPI_COMM_WORLD_RANK", "2", "OMPI_COMM_WORLD_SIZE", "4")), args);
        assertEquals(Cli.EXIT_USAGE, rank2.exitCode());
        assertEquals("", rank2.err(), "only rank 0 speaks");
    }

    private Map<String, Long> listing() throws IOException {
        Map<String, Long> out = new TreeMap<>();
        try (Stream<Path> s = Files.list(dir)) {
            for (Path p : s.toList()) {
                out.put(p.getFileName().toString(), Files.size(p));
            }
        }
        return out;
    }

    @Test
    void csvAndPlotAreWrittenTogetherWithNoTemporaryLeft() throws IOException {
        List<String> args = new ArrayList<>(List.of("--n", "12", "--ranks", "1,2", "--variant", "blocking,column",
                "--csv", dir.resolve("grid.csv").toString(), "--plot", dir.resolve("grid").toString()));
        Outcome o = run(new JobEnvironment(Map.of()), args);
        assertEquals(0, o.exitCode(), o.err() + o.out());
        assertEquals(List.of("grid.csv", "grid.png"), List.copyOf(listing().keySet()), "no temporary file or directory");
        assertTrue(o.out().contains("wrote " + dir.resolve("grid.png")), o.out());

        Outcome replot = run(new JobEnvironment(Map.of()), List.of("--from-csv", dir.resolve("grid.csv").toString(),
                "--plot", dir.resolve("again.png").toString()));
        assertEquals(0, replot.exitCode(), replot.err());
        assertTrue(Files.size(dir.resolve("again.png")) > 0);
        assertEquals(List.of("again.png", "grid.csv", "grid.png"), List.copyOf(listing().keySet()));
    }

    @Test
    void aBadFromCsvIsRefusedNamingTheFileTheLineAndTheColumn(@TempDir Path inputs) throws IOException {
        String row = "\"inprocess\",vm,12,1,blocking,3,1.000,0.900,1.000,11,1.000e-02,1.2e-13,0.000e+00,true,true,\n";
        Path bad = Files.writeString(inputs.resolve("bad.csv"), GaussReport.CSV_HEADER + "\n" + row + row.replace(",12,", ",99999999999,"));
        assertUserError(run(new JobEnvironment(Map.of()), List.of("--from-csv", bad.toString())),
                "--from-csv: " + bad + ": line 3: n must be a whole number from 1 to 2147483647, but was '99999999999'");
        Path binary = Files.write(inputs.resolve("binary.csv"), new byte[] {(byte) 0x89, 'P', 'N', 'G', 0});
        assertUserError(run(new JobEnvironment(Map.of()), List.of("--from-csv", binary.toString())),
                "--from-csv: " + binary + ": line 1: binary content (byte 0x89 at offset 0 is not text)");
        Path good = Files.writeString(inputs.resolve("good.csv"), GaussReport.CSV_HEADER + "\n" + row);
        assertEquals(1, GaussReport.readCsv(List.of(good)).size());
    }
}
