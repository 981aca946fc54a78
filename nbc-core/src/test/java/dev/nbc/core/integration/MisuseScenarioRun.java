package dev.nbc.core.integration;

import dev.nbc.core.testing.mpi.MpiJob;

import java.time.Duration;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;

/** One run of {@link MisuseScenarios} on MPI ranks, and what each rank printed. */
final class MisuseScenarioRun {
    /** Only there to turn a hang into a failure: a job takes seconds. */
    private static final Duration HANG = Duration.ofMinutes(3);

    final MpiJob.Result job;

    private MisuseScenarioRun(MpiJob.Result job) {
        this.job = job;
    }

    static MisuseScenarioRun run(int ranks, String scenario, String check, String errors, String receives) {
        MisuseScenarioRun run = new MisuseScenarioRun(MpiJob.run(ranks, HANG, MisuseScenarios.class, scenario, check, errors, receives));
        assertFalse(run.job.timedOut(), run.job::describe);
        return run;
    }

    /** What rank {@code rank} printed after {@code RESULT rank=R }: "completed" or "failed: ...". */
    String result(int rank) {
        return line("RESULT", rank);
    }

    /** What rank {@code rank} printed after {@code GUARD rank=R }, or null. */
    String guard(int rank) {
        return line("GUARD", rank);
    }

    /** What rank {@code rank} printed after each {@code REFUSED rank=R }, in order. */
    List<String> refusals(int rank) {
        return Pattern.compile("(?m)^REFUSED rank=" + rank + " (.*)$").matcher(job.output()).results()
                .map(match -> match.group(1)).toList();
    }

    String output() {
        return job.output();
    }

    private String line(String kind, int rank) {
        Matcher m = Pattern.compile("(?m)^" + kind + " rank=" + rank + " (.*)$").matcher(job.output());
        return m.find() ? m.group(1) : null;
    }

    String describe() {
        return job.describe();
    }

    /** The result of {@code rank}, which must have printed one. */
    String requireResult(int rank) {
        String result = result(rank);
        assertNotNull(result, () -> "rank " + rank + " printed no RESULT: " + describe());
        return result;
    }
}
