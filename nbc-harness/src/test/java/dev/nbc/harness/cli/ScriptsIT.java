package dev.nbc.harness.cli;

import dev.nbc.core.testing.mpi.MpiJob;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Runs scripts/check/scripts-refuse-bad-input: scripts/setup refuses a bad jar without touching
 * ~/.m2 or .nbc/env, scripts/nbcrun refuses a rank count beyond sense before mpirun starts, and
 * scripts/bench and scripts/gauss pass the user's options through, scripts/nbc runs a command in
 * one JVM or through nbcrun, and the scripts' --help prints their usage once, starting and writing
 * nothing. The script works in a temporary directory of its own; its 2-rank check of a fake jar needs mpirun (scripts/setup).
 */
class ScriptsIT {

    @Test
    void theScriptsRefuseBadInputAndPassOptionsThrough() {
        // the time limit guards against a hang, it is not a speed claim
        MpiJob.Result result = MpiJob.script(Duration.ofMinutes(10), Map.of(), "scripts/check/scripts-refuse-bad-input");
        System.out.print(result.output());
        assertFalse(result.timedOut(), result::describe);
        assertEquals(0, result.exitCode(), result::describe);
        assertTrue(result.output().contains("all checks passed"), result::describe);
    }
}
