package dev.nbc.models.simulation;

import dev.nbc.core.schedule.Collective;
import dev.nbc.models.loggp.CollectiveEquations;
import dev.nbc.models.loggp.LogGPParameters;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The simulator against equations (1)-(3) for the algorithms they assume, within the bounds stated
 * in docs/models.md ("Simulator versus equations"). Parameters follow the paper's assumption
 * o > L > g: o = 1500, L = 1000, G = 0.5, gamma = 0.25, with g = 0 (the equations ignore g) and
 * g = 500. With k = ceil(log2 P) and step = the equation's per-step cost with (m-1)G for mG:
 * <ul>
 * <li>barrier: simulated == equation (1) for every P;</li>
 * <li>P a power of two: simulated == k step, i.e. equation (3) - k G and equation (2) - 2 k G;</li>
 * <li>otherwise: broadcast == (k-1) step + max(o, g + (m-1)G) (the deepest full path is one step
 *     shorter, paid for by one later send); allreduce within [(k-1) step, k step).</li>
 * </ul>
 */
class EquationAgreementTest {
    private static final long[] SIZES = {1, 8, 1024, 65536};
    private static final double[] GAPS = {0, 500};

    private static LogGPParameters params(int processes, double g) {
        return new LogGPParameters(1000, 1500, g, 0.5, processes, 0.25);
    }

    private static void assertClose(double expected, double actual, String what) {
        assertEquals(expected, actual, 1e-9 * Math.max(1, Math.abs(expected)), what);
    }

    @Test
    void barrierAgreesExactlyForEveryP() {
        for (double g : GAPS) {
            for (int size = 1; size <= 70; size++) {
                EquationComparison.Row row = EquationComparison.compare(Collective.BARRIER, params(size, g), 0);
                assertClose(row.equation(), row.simulated(), "barrier P=" + size + " g=" + g);
            }
        }
    }

    @Test
    void powersOfTwoDifferOnlyByGPerStep() {
        for (double g : GAPS) {
            for (int size = 1; size <= 4096; size *= 2) {
                for (long m : SIZES) {
                    LogGPParameters p = params(size, g);
                    int k = CollectiveEquations.ceilLog2(size);
                    String what = "P=" + size + " m=" + m + " g=" + g;
                    EquationComparison.Row bcast = EquationComparison.compare(Collective.BCAST, p, m);
                    assertClose(bcast.upperBound(), bcast.simulated(), "bcast " + what);
                    assertClose(k * p.G(), bcast.difference(), "bcast eq - sim " + what);
                    EquationComparison.Row allreduce = EquationComparison.compare(Collective.ALLREDUCE, p, m < 4 ? 4 : m);
                    assertClose(allreduce.upperBound(), allreduce.simulated(), "allreduce " + what);
                    assertClose(2 * k * p.G(), allreduce.difference(), "allreduce eq - sim " + what);
                }
            }
        }
    }

    @Test
    void otherSizesLoseOneStepToTheIncompleteTree() {
        for (double g : GAPS) {
            for (int size = 3; size <= 70; size++) {
                if (Integer.bitCount(size) == 1) {
                    continue;
                }
                for (long m : SIZES) {
                    LogGPParameters p = params(size, g);
                    String what = "P=" + size + " m=" + m + " g=" + g;
                    EquationComparison.Row bcast = EquationComparison.compare(Collective.BCAST, p, m);
                    double spacing = Math.max(p.o(), g + (m - 1) * p.G());
                    assertClose(bcast.lowerBound() + spacing, bcast.simulated(), "bcast " + what);
                    EquationComparison.Row allreduce = EquationComparison.compare(Collective.ALLREDUCE, p, m < 4 ? 4 : m);
                    assertTrue(allreduce.simulated() >= allreduce.lowerBound() - 1e-6
                            && allreduce.simulated() < allreduce.upperBound(), "allreduce " + what + ": " + allreduce);
                }
            }
        }
    }

    @Test
    void theBoundFailsWhenTheGapExceedsAStep() {
        // g = 6000 > 2o + L = 4000 breaks the paper's o > L > g. P = 8, m = 1: the root's third send
        // injects at o + 2g = 13500, arrives 14500, and the leaf is done at 16000 > 3 steps = 12000.
        LogGPParameters p = params(8, 6000);
        EquationComparison.Row bcast = EquationComparison.compare(Collective.BCAST, p, 1);
        assertEquals(12000, bcast.upperBound(), 1e-9);
        assertEquals(16000, bcast.simulated(), 1e-9);
    }
}
