package dev.nbc.core.integration;

import dev.nbc.core.testing.mpi.MpiJob;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.time.Duration;
import java.util.List;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

/**
 * An application that initialised MPI below MPI.THREAD_MULTIPLE (a plain MPI.Init) is refused by
 * MpiTransport.create with one line saying how to initialise it, on every rank, before the
 * progress thread could call MPI concurrently; MPI still finalises cleanly afterwards.
 */
class ThreadLevelIT {
    /** Only there to turn a hang into a failure: the job takes seconds. */
    private static final Duration HANG = Duration.ofMinutes(3);
    private static final int RANKS = 2;

    @ParameterizedTest(name = "{0}")
    @CsvSource({"init, MPI_THREAD_SINGLE", "serialized, MPI_THREAD_SERIALIZED"})
    void createRefusesAnMpiBelowThreadMultiple(String init, String level) {
        MpiJob.Result job = MpiJob.run(RANKS, HANG, BelowThreadMultiple.class, init);
        assertFalse(job.timedOut(), job::describe);
        assertEquals(0, job.exitCode(), job::describe);
        assertFalse(job.output().contains("ACCEPTED"), job::describe);
        String expected = "MpiTransport.create: MPI was initialised with thread level " + level
                + ", but nbc needs MPI_THREAD_MULTIPLE (its progress thread calls MPI while the application does); "
                + "initialise it with Mpi.init(args) or MPI.InitThread(args, MPI.THREAD_MULTIPLE)";
        for (int rank = 0; rank < RANKS; rank++) {
            List<String> refusals = Pattern.compile("(?m)^REFUSED rank=" + rank + " (.*)$").matcher(job.output()).results()
                    .map(match -> match.group(1)).toList();
            assertEquals(List.of(expected), refusals, job::describe);
        }
    }
}
