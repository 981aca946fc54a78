package dev.nbc.examples.gradients;

import dev.nbc.core.testing.mpi.MpiJob;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.time.Duration;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * GradientsMain on MPI ranks of this machine with a small model: every variant ran and summed
 * every step bit for bit right (checked by the program against the exact sums, on every rank),
 * and the last step's sums were the same in all variants.
 */
class GradientsIT {
    /** Only there to turn a hang into a failure: the job takes seconds. */
    private static final Duration HANG = Duration.ofMinutes(3);

    @ParameterizedTest(name = "P = {0}")
    @ValueSource(ints = {2, 3})
    void everyVariantSumsExactly(int ranks) {
        MpiJob.Result job = MpiJob.run(ranks, HANG, GradientsMain.class, "--model-mb", "2", "--layers", "12", "--bucket-mb", "0.5",
                "--compute-ms", "5", "--steps", "3", "--warmup", "1");
        assertFalse(job.timedOut(), job::describe);
        assertEquals(0, job.exitCode(), job::describe);
        assertTrue(job.output().contains("gradients: " + ranks + " MPI ranks"), job::describe);
        for (Variant variant : Variant.values()) {
            assertTrue(Pattern.compile("(?m)^  " + variant.label() + " +median +[0-9.]+ ms  sums correct$").matcher(job.output()).find(),
                    variant.label() + " ran and its sums were correct: " + job.describe());
            assertTrue(Pattern.compile("(?m)^" + variant.label() + " +[0-9.]+ ").matcher(job.output()).find(),
                    variant.label() + " in the table: " + job.describe());
        }
        assertTrue(job.output().contains("gradients: every sum of every step equals the exact sum bit for bit on every rank; "
                + "the last step's sums are the same in all variants"), job::describe);
    }
}
