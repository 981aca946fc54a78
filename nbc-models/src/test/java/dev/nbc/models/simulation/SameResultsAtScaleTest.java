package dev.nbc.models.simulation;

import dev.nbc.core.algorithm.allreduce.AllreduceAlgorithm;
import dev.nbc.core.algorithm.alltoall.AlltoallAlgorithm;
import dev.nbc.core.algorithm.barrier.BarrierAlgorithm;
import dev.nbc.core.algorithm.bcast.BcastAlgorithm;
import dev.nbc.core.datatype.DataType;
import dev.nbc.core.datatype.ReduceOp;
import dev.nbc.core.schedule.Algorithm;
import dev.nbc.models.loggp.LogGPParameters;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The simulator against {@link ReferenceSimulator}, the same rules simulated plainly: every rank's
 * finish time, CPU work, noise delay and critical path must be equal to the last bit, at P that are
 * not powers of two (where recursive doubling and Rabenseifner fold ranks in), and at P large enough
 * that the schedules are built on a second thread.
 */
class SameResultsAtScaleTest {
    private static final LogGPParameters PARAMS = new LogGPParameters(1000, 1500, 100, 0.5, 2, 0.25);
    private static final int THREADED = EncodedSchedules.CONCURRENT_FROM + 3001;

    private static final List<Algorithm> FOUR = List.of(BarrierAlgorithm.DISSEMINATION, BcastAlgorithm.BINOMIAL,
            AllreduceAlgorithm.RECURSIVE_DOUBLING, AllreduceAlgorithm.RABENSEIFNER);

    private static ScheduleSource source(Algorithm algorithm, int size, int bytes) {
        return ScheduleSource.forCall(algorithm, size, algorithm.collective().count(bytes, DataType.BYTE), DataType.BYTE,
                ReduceOp.SUM);
    }

    private static void assertSame(SimulationConfig config, ScheduleSource source, double[] starts) {
        SimulationResult expected = starts == null ? new ReferenceSimulator(config).run(source)
                : new ReferenceSimulator(config).run(source, starts);
        SimulationResult actual = starts == null ? new ScheduleSimulator(config).run(source)
                : new ScheduleSimulator(config).run(source, starts);
        assertEquals(expected.size(), actual.size());
        assertEquals(expected.messages(), actual.messages());
        assertEquals(expected.operations(), actual.operations());
        assertEquals(expected.distinctSchedules(), actual.distinctSchedules());
        for (int r = 0; r < expected.size(); r++) {
            String at = "rank " + r + " of " + expected.size();
            assertEquals(expected.finishTime(r), actual.finishTime(r), 0, at);
            assertEquals(expected.cpuBusy(r), actual.cpuBusy(r), 0, at);
            assertEquals(expected.noiseDelay(r), actual.noiseDelay(r), 0, at);
            assertEquals(expected.criticalPath(r), actual.criticalPath(r), at);
        }
    }

    @Test
    void theFourAtSmallSizesThatAreNotPowersOfTwo() {
        SimulationConfig config = SimulationConfig.of(PARAMS);
        for (int size : new int[]{1, 2, 3, 5, 6, 7, 12, 100, 1000, 3001}) {
            for (Algorithm algorithm : FOUR) {
                for (int bytes : new int[]{8, 1 << 20}) {
                    assertSame(config, source(algorithm, size, bytes), null);
                }
            }
        }
    }

    @Test
    void theFourBuiltOnASecondThread() {
        assertTrue(ScheduleSource.barrier(BarrierAlgorithm.DISSEMINATION, THREADED).buildsConcurrently());
        SimulationConfig config = SimulationConfig.of(PARAMS);
        for (Algorithm algorithm : FOUR) {
            assertSame(config, source(algorithm, THREADED, 8), null);
        }
        assertSame(config, source(AllreduceAlgorithm.RABENSEIFNER, THREADED, 1 << 20), null);
    }

    @Test
    void otherAlgorithmsNoiseReceiveGapAndLateStarts() {
        SimulationConfig plain = SimulationConfig.of(PARAMS);
        SimulationConfig noisy = plain.withNoise(DetourNoise.randomOffsets(DetourTrace.periodic(100_000, 3_000, 5_000), 7));
        SimulationConfig gap = plain.withReceiveGap();
        int size = 37;
        double[] starts = new double[size];
        for (int r = 0; r < size; r++) {
            starts[r] = (r * 7919 % 13) * 250.0;
        }
        List<Algorithm> others = List.of(AllreduceAlgorithm.RING, AllreduceAlgorithm.REDUCE_BCAST,
                BcastAlgorithm.PIPELINED_CHAIN, BcastAlgorithm.SCATTER_ALLGATHER, AlltoallAlgorithm.PAIRWISE, AlltoallAlgorithm.LINEAR);
        for (SimulationConfig config : List.of(plain, noisy, gap)) {
            for (Algorithm algorithm : others) {
                assertSame(config, source(algorithm, size, 100_000), null);
                assertSame(config, source(algorithm, size, 100_000), starts);
            }
            for (Algorithm algorithm : FOUR) {
                assertSame(config, source(algorithm, 1000, 1 << 20), null);
            }
        }
        assertSame(noisy, source(AllreduceAlgorithm.RECURSIVE_DOUBLING, THREADED, 8), null);
    }

    @Test
    void aCpuOverheadPerByteBelowAndAboveTheGapPerByte() {
        for (double perByte : new double[]{0.2, 1.0}) { // O < G and O > G (G = 0.5), where the receive gap's hold is (m-1)O
            LogGPParameters p = new LogGPParameters(PARAMS.L(), PARAMS.o(), PARAMS.g(), PARAMS.G(), 2, PARAMS.gamma(), perByte);
            SimulationConfig plain = SimulationConfig.of(p);
            SimulationConfig noisy = plain.withNoise(DetourNoise.randomOffsets(DetourTrace.periodic(100_000, 3_000, 5_000), 7));
            for (SimulationConfig config : List.of(plain, noisy, plain.withReceiveGap())) {
                for (Algorithm algorithm : FOUR) {
                    assertSame(config, source(algorithm, 37, 100_000), null);
                }
                assertSame(config, source(AlltoallAlgorithm.LINEAR, 13, 100_000), null);
            }
        }
    }

    @Test
    void whatTheBuilderThreadThrowsReachesTheCaller() {
        // Rabenseifner refuses a non-commutative operation when the schedules are built
        ReduceOp difference = ReduceOp.ofIntegers("DIFFERENCE", false, (a, b) -> a - b);
        ScheduleSource refused = ScheduleSource.allreduce(AllreduceAlgorithm.RABENSEIFNER, THREADED, 8, DataType.BYTE,
                difference, false);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> new ScheduleSimulator(SimulationConfig.of(PARAMS)).run(refused));
        assertTrue(e.getMessage().contains("DIFFERENCE"), e.getMessage());
    }
}
