package dev.nbc.harness.cli;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;
import picocli.CommandLine.Command;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class RankRunsTest {

    @Command(name = "probe")
    static final class Probe {
    }

    /** One process of a job, recording how the run ended it. */
    static final class RecordingRanks implements RankGroup {
        final boolean leader;
        final int leaderVerdict;
        final List<String> events = new ArrayList<>();

        /** {@code leaderVerdict}: what the leader's agree() hands a non-leader (the leader's own value when leading). */
        RecordingRanks(boolean leader, int leaderVerdict) {
            this.leader = leader;
            this.leaderVerdict = leaderVerdict;
        }

        @Override
        public boolean leader() {
            return leader;
        }

        @Override
        public int agree(int value) {
            events.add("agree " + value);
            return leader ? value : leaderVerdict;
        }

        @Override
        public void abortAfter(Throwable failure) {
            events.add("abort " + failure.getMessage());
        }

        @Override
        public void close() {
            events.add("close");
        }
    }

    private static final CommandLine.Model.CommandSpec SPEC = new CommandLine(new Probe()).getCommandSpec();

    @Test
    void anUnwritableOutputIsRefusedOnEveryRankBeforeAnyWork(@TempDir Path dir) throws Exception {
        Path file = Files.writeString(dir.resolve("a-file"), "x");
        List<RankRuns.Output> outputs = List.of(new RankRuns.Output("--out", file));

        RecordingRanks leader = new RecordingRanks(true, 0);
        CommandLine.ParameterException refused = assertThrows(CommandLine.ParameterException.class,
                () -> RankRuns.run(SPEC, leader, outputs, r -> {
                    throw new AssertionError("no work after a refused output");
                }));
        assertTrue(refused.getMessage().startsWith("--out: cannot write into '" + file + "': "), refused.getMessage());
        assertTrue(refused.getMessage().contains("exists and is not a directory"), refused.getMessage());
        assertEquals(List.of("agree 1", "close"), leader.events);

        RecordingRanks other = new RecordingRanks(false, 1);
        assertEquals(Cli.EXIT_USAGE, RankRuns.run(SPEC, other, outputs, r -> {
            throw new AssertionError("no work after a refused output");
        }));
        assertEquals(List.of("agree 0", "close"), other.events);
    }

    @Test
    void aWritableOutputIsCreatedAndTheLeadersExitCodeIsEveryones(@TempDir Path dir) throws Exception {
        Path out = dir.resolve("new/results");
        RecordingRanks leader = new RecordingRanks(true, 0);
        assertEquals(3, RankRuns.run(SPEC, leader, List.of(new RankRuns.Output("--out", out)), r -> 3));
        assertTrue(Files.isDirectory(out));
        try (var left = Files.list(out)) {
            assertEquals(0, left.count(), "the write check leaves nothing behind");
        }
        assertEquals(List.of("agree 0", "agree 3", "close"), leader.events);
    }

    @Test
    void aFailureEndsTheRunInsteadOfClosingIt() {
        RecordingRanks ranks = new RecordingRanks(false, 0);
        IllegalStateException boom = new IllegalStateException("boom");
        assertSame(boom, assertThrows(IllegalStateException.class, () -> RankRuns.run(SPEC, ranks, List.of(), r -> {
            throw boom;
        })));
        assertEquals(List.of("agree 0", "abort boom"), ranks.events, "aborted, never closed (MPI_Finalize would wait for the peers)");
    }

    @Test
    void resultFilesThatCannotBeWrittenEndEveryRankWithExitCode2NotAnAbort() {
        ResultFiles.NotWritten full = new ResultFiles.NotWritten("cannot write x: No space left on device", null);
        RecordingRanks leader = new RecordingRanks(true, 0);
        assertSame(full, assertThrows(ResultFiles.NotWritten.class, () -> RankRuns.run(SPEC, leader, List.of(), r -> {
            throw full;
        })));
        assertEquals(List.of("agree 0", "agree " + Cli.EXIT_USAGE, "close"), leader.events, "the leader's exit code 2 goes to every rank "
                + "(agree), then the run is closed, not aborted");
    }
}
