package dev.nbc.models.simulation;

import dev.nbc.core.algorithm.gather.GatherAlgorithm;
import dev.nbc.core.datatype.DataType;
import dev.nbc.core.datatype.ReduceOp;
import dev.nbc.core.testing.VirtualTimeExchanges;
import dev.nbc.core.transport.inprocess.EmulatedNetwork;
import dev.nbc.models.loggp.LogGPParameters;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;


import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The emulated network's n:1 against the simulator's linear gather on the same planted parameters,
 * with receivers serialising (both options on) and without (both off). On virtual time, driven
 * from one thread in rank order (so the receiver's bookings are made in time order and it waits
 * in that order), the emulated time is the model's to the rounding of (m-1)G to whole ns; the
 * bar is 10 %.
 */
class EmulatedReceptionsTest {

    /** The root's clock when the last of n messages, posted at once by ranks 1..n, has been received. */
    private static long emulatedNToOne(EmulatedNetwork network, int n, int bytes) {
        long[] done = VirtualTimeExchanges.nToOne(network, n, bytes);
        return done[done.length - 1];
    }

    private static double simulatedGather(LogGPParameters p, boolean receiveGap, int n, int bytes) {
        SimulationConfig config = SimulationConfig.of(p);
        ScheduleSource gather = ScheduleSource.forCall(GatherAlgorithm.LINEAR, n + 1, bytes, DataType.BYTE, ReduceOp.SUM);
        return new ScheduleSimulator(receiveGap ? config.withReceiveGap() : config).run(gather).finishTime(0);
    }

    @ParameterizedTest(name = "L = {0}, o = {1}, g = {2}, G = {3}")
    @CsvSource({"20000, 2000, 2000, 0.5", "20000, 3000, 1000, 1", "5000, 500, 2500, 0.1"})
    void nToOneOnTheEmulatedNetworkTakesWhatTheSimulatorPredicts(double L, double o, double g, double G) {
        EmulatedNetwork absorbing = EmulatedNetwork.symmetric(L, o, g, G);
        LogGPParameters p = new LogGPParameters(L, o, g, G, 2, 0);
        StringBuilder report = new StringBuilder();
        for (int bytes : new int[] {0, 1000, 65536}) {
            for (int n : new int[] {1, 2, 4, 8, 16}) {
                for (boolean gap : new boolean[] {false, true}) {
                    long emulated = emulatedNToOne(gap ? absorbing.withReceiveGap() : absorbing, n, bytes);
                    double simulated = simulatedGather(p, gap, n, bytes);
                    report.append(String.format("m=%d n=%d gap=%s emulated %d simulated %.1f%n", bytes, n, gap, emulated, simulated));
                    assertEquals(simulated, emulated, 0.10 * simulated, report.toString());
                    assertEquals(simulated, emulated, n + 1, "to the rounding of (m-1)G: " + report);
                }
            }
        }
    }
}
