package dev.nbc.models.simulation;

import dev.nbc.core.algorithm.allreduce.AllreduceAlgorithm;
import dev.nbc.core.algorithm.barrier.BarrierAlgorithm;
import dev.nbc.core.algorithm.bcast.BcastAlgorithm;
import dev.nbc.core.algorithm.gather.GatherAlgorithm;
import dev.nbc.core.algorithm.reduce.ReduceAlgorithm;
import dev.nbc.core.datatype.DataType;
import dev.nbc.core.datatype.ReduceOp;
import dev.nbc.models.loggp.LogGPParameters;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@link SimulationConfig#withReceiveGap()}: LogGOPSim's receptions, worked by hand. gamma = 0 so
 * that the roots' own copies cost nothing and the formulas stay the conventions'.
 */
class ReceiveGapTest {
    private static final double EPS = 1e-9;
    /** o > g: the receiver's CPU spaces the receptions. */
    private static final LogGPParameters CPU_BOUND = new LogGPParameters(1000, 1500, 100, 1, 1, 0);
    /** g > o: its receive-side gap does. */
    private static final LogGPParameters GAP_BOUND = new LogGPParameters(1000, 500, 2000, 1, 1, 0);

    private static SimulationResult run(LogGPParameters p, boolean receiveGap, ScheduleSource source) {
        SimulationConfig config = SimulationConfig.of(p);
        return new ScheduleSimulator(receiveGap ? config.withReceiveGap() : config).run(source);
    }

    private static ScheduleSource gather(int size, int bytes) {
        return ScheduleSource.forCall(GatherAlgorithm.LINEAR, size, bytes, DataType.BYTE, ReduceOp.SUM);
    }

    @Test
    void nToOneReceptionsFollowOneAnotherByTheLargerOfOAndGPlusTheTransfer() {
        for (LogGPParameters p : new LogGPParameters[]{CPU_BOUND, GAP_BOUND}) {
            for (int bytes : new int[]{0, 1, 1001}) {
                double transfer = Math.max(bytes - 1, 0) * p.G();
                double firstByte = p.o() + p.L(); // every sender posts at 0; its first byte leaves at o
                for (int n = 1; n <= 16; n++) {
                    double expected = firstByte + (n - 1) * (Math.max(p.o(), p.g()) + transfer) + p.o() + transfer;
                    assertEquals(expected, run(p, true, gather(n + 1, bytes)).finishTime(0), EPS, p + " m=" + bytes + " n=" + n);
                    // without the option the n messages are absorbed together: only their o queue on the CPU
                    double absorbed = firstByte + transfer + n * p.o();
                    assertEquals(absorbed, run(p, false, gather(n + 1, bytes)).finishTime(0), EPS);
                }
            }
        }
    }

    @Test
    void aLoneMessageIsUnchanged() {
        for (LogGPParameters p : new LogGPParameters[]{CPU_BOUND, GAP_BOUND}) {
            for (int bytes : new int[]{0, 1, 8, 1001, 65536}) {
                SimulationResult with = run(p, true, gather(2, bytes));
                SimulationResult without = run(p, false, gather(2, bytes));
                for (int r = 0; r < 2; r++) {
                    assertEquals(without.finishTime(r), with.finishTime(r), EPS);
                    assertEquals(without.cpuBusy(r), with.cpuBusy(r), EPS);
                    assertEquals(without.criticalPath(r), with.criticalPath(r));
                }
                assertEquals(2 * p.o() + Math.max(bytes - 1, 0) * p.G() + p.L(), with.finishTime(0), EPS);
            }
        }
    }

    @Test
    void barrierAndBinomialBcastAreUnchanged() {
        // one message per rank and round, and rounds longer than g: nothing ever waits for a reception
        for (int size = 2; size <= 64; size++) {
            assertSame(run(CPU_BOUND, false, ScheduleSource.barrier(BarrierAlgorithm.DISSEMINATION, size)),
                    run(CPU_BOUND, true, ScheduleSource.barrier(BarrierAlgorithm.DISSEMINATION, size)));
            for (int bytes : new int[]{1, 1001}) {
                for (LogGPParameters p : new LogGPParameters[]{CPU_BOUND, GAP_BOUND}) {
                    ScheduleSource bcast = ScheduleSource.bcast(BcastAlgorithm.BINOMIAL, size, 0, bytes, DataType.BYTE, 0);
                    assertSame(run(p, false, bcast), run(p, true, bcast));
                }
            }
        }
    }

    private static void assertSame(SimulationResult expected, SimulationResult actual) {
        for (int r = 0; r < expected.size(); r++) {
            assertEquals(expected.finishTime(r), actual.finishTime(r), EPS, "rank " + r);
            assertEquals(expected.criticalPath(r), actual.criticalPath(r), "rank " + r);
        }
    }

    @Test
    void theReceiveGapCarriesOverToTheNextRound() {
        // binomial reduce, P = 4, m = 1001 B ((m-1)G = 1000), L = 1000, o = 1500, g = 5000:
        //  ranks 1 and 3 send at 0: o 0..1500, first byte leaves at 1500, arrives 2500 (last byte 3500)
        //  rank 2 receives 3's: begins 2500, o -> 4000, data -> 5000 (its NIC takes the next at 8500);
        //         sends to 0: o 5000..6500, first byte arrives 7500
        //  rank 0 receives 1's in round 0 the same way: done 5000, next reception from 8500;
        //         round 1's from 2: begins max(7500, 8500) = 8500, o -> 10000, data -> 11000
        //  without the gap: arrives 8500, o -> 10000
        LogGPParameters p = new LogGPParameters(1000, 1500, 5000, 1, 1, 0);
        ScheduleSource reduce = ScheduleSource.forCall(ReduceAlgorithm.BINOMIAL, 4, 1001, DataType.BYTE, ReduceOp.SUM);
        SimulationResult with = run(p, true, reduce);
        assertEquals(11000, with.finishTime(0), EPS);
        assertEquals(10000, run(p, false, reduce).finishTime(0), EPS);
        // the path follows the gap back to where the first reception began: rank 1's o, then
        // L, g, (m-1)G (network), then rank 0's second o; rank 0's own first o is off the path
        CriticalPath path = with.criticalPath(0);
        assertEquals(2 * 1500, path.cpu(), EPS);
        assertEquals(11000 - 2 * 1500, path.network(), EPS);
        assertEquals(2 * 1500, with.cpuBusy(0), EPS); // o twice: the CPU held for (m-1)G is not counted as work
    }

    @Test
    void receptionsSlowAReduceBcastDownAndNeverSpeedAnythingUp() {
        for (int size = 2; size <= 64; size *= 2) {
            for (LogGPParameters p : new LogGPParameters[]{CPU_BOUND, GAP_BOUND}) {
                ScheduleSource allreduce = ScheduleSource.forCall(AllreduceAlgorithm.REDUCE_BCAST, size, 1001, DataType.BYTE, ReduceOp.SUM);
                assertTrue(run(p, true, allreduce).maxFinishTime() >= run(p, false, allreduce).maxFinishTime() - EPS);
            }
        }
    }
}
