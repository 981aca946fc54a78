package dev.nbc.models.simulation;

import dev.nbc.core.algorithm.barrier.BarrierAlgorithm;
import dev.nbc.core.algorithm.bcast.BcastAlgorithm;
import dev.nbc.core.datatype.DataType;
import dev.nbc.core.schedule.Schedule;
import dev.nbc.core.schedule.ScheduleBuilder;
import dev.nbc.core.schedule.Slots;
import dev.nbc.models.loggp.LogGPParameters;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The simulator's conventions on small cases worked by hand. L = 1000, o = 1500, g = 100, G = 1 (ns, ns/B). */
class ScheduleSimulatorTest {
    private static final double EPS = 1e-9;
    private static final LogGPParameters PARAMS = new LogGPParameters(1000, 1500, 100, 1, 1, 0.25);

    private static SimulationResult run(ScheduleSource source) {
        return new ScheduleSimulator(SimulationConfig.of(PARAMS)).run(source);
    }

    @Test
    void twoRankBarrier() {
        // each rank: send o 0..1500, injects at 1500 (m = 0: no transfer), arrives 2500;
        // receive completes at 2500, o 2500..4000. finish 4000, CPU 3000, network 1000.
        SimulationResult result = run(ScheduleSource.barrier(BarrierAlgorithm.DISSEMINATION, 2));
        for (int r = 0; r < 2; r++) {
            assertEquals(4000, result.finishTime(r), EPS);
            assertEquals(3000, result.cpuBusy(r), EPS);
            assertEquals(1000, result.networkTime(r), EPS);
            assertEquals(0.25, result.overlapPotential(r), EPS);
            CriticalPath path = result.criticalPath(r);
            assertEquals(3000, path.cpu(), EPS);
            assertEquals(1000, path.network(), EPS);
            assertEquals(1, path.messages());
        }
        assertEquals(2, result.messages());
        assertEquals(4, result.operations());
        assertEquals(1, result.distinctSchedules());
    }

    @Test
    void oneRankDoesNothing() {
        SimulationResult result = run(ScheduleSource.barrier(BarrierAlgorithm.DISSEMINATION, 1));
        assertEquals(0, result.maxFinishTime(), EPS);
        assertEquals(0, result.overlapPotential(0), EPS);
    }

    @Test
    void fourRankBinomialBcastSerializesTheRootsSends() {
        // m = 1001 B, so (m-1)G = 1000. Root 0 sends to 2 then 1 (largest subtree first):
        //  to 2: o 0..1500, inject 1500..2500 (NIC free at 2600), arrives 3500; rank 2: o 3500..5000
        //  to 1: o 1500..3000, inject max(3000, 2600) = 3000..4000, arrives 5000; rank 1: o -> 6500
        //  rank 2 to 3: o 5000..6500, inject 6500..7500, arrives 8500; rank 3: o -> 10000
        // finishes: root max(3000, 4000) = 4000, rank 1 6500, rank 2 7500, rank 3 10000
        SimulationResult result = run(ScheduleSource.bcast(BcastAlgorithm.BINOMIAL, 4, 0, 1001, DataType.BYTE, 0));
        assertEquals(4000, result.finishTime(0), EPS);
        assertEquals(6500, result.finishTime(1), EPS);
        assertEquals(7500, result.finishTime(2), EPS);
        assertEquals(10000, result.finishTime(3), EPS);
        assertEquals(3, result.lastRank());
        // rank 3's path: o (root) + o, o (rank 2) + o (rank 3) = 6000 CPU; 2 x (1000 + 1000) network
        CriticalPath path = result.criticalPath(3);
        assertEquals(6000, path.cpu(), EPS);
        assertEquals(4000, path.network(), EPS);
        assertEquals(2, path.messages());
        assertEquals(3000, result.cpuBusy(0), EPS);
        assertEquals(1.0 - 3000.0 / 4000.0, result.overlapPotential(0), EPS);
    }

    @Test
    void aBusyNicDelaysTheNextInjectionByTheGap() {
        // P = 3: root's children are 2 then 1. m = 2001 B: (m-1)G = 2000.
        //  to 2: o 0..1500, inject 1500..3500, NIC free 3600, arrives 4500; rank 2 o -> 6000
        //  to 1: o 1500..3000, inject max(3000, 3600) = 3600..5600, arrives 6600; rank 1 o -> 8100
        SimulationResult result = run(ScheduleSource.bcast(BcastAlgorithm.BINOMIAL, 3, 0, 2001, DataType.BYTE, 0));
        assertEquals(5600, result.finishTime(0), EPS);
        assertEquals(8100, result.finishTime(1), EPS);
        assertEquals(6000, result.finishTime(2), EPS);
        // rank 1's path went through the NIC stamp: CPU o (first send) + o (receive); the rest is network
        assertEquals(3000, result.criticalPath(1).cpu(), EPS);
    }

    @Test
    void aCpuOverheadPerByteHoldsTheCpuButNotTheWire() {
        // the case above with LogGOPS's O = 0.5 ns/B: (m-1)O = 1000 of CPU after each send's o and in each receive
        //  to 2: o 0..1500, inject 1500..3500 (NIC free 3600), arrives 4500; the root's CPU moves the bytes 1500..2500
        //  to 1: o 2500..4000, inject max(4000, 3600) = 4000..6000, arrives 7000; CPU 4000..5000
        //  rank 2: o + (m-1)O 4500..7000; rank 1: 7000..9500
        LogGPParameters withO = new LogGPParameters(PARAMS.L(), PARAMS.o(), PARAMS.g(), PARAMS.G(), 1, PARAMS.gamma(), 0.5);
        SimulationResult result = new ScheduleSimulator(SimulationConfig.of(withO))
                .run(ScheduleSource.bcast(BcastAlgorithm.BINOMIAL, 3, 0, 2001, DataType.BYTE, 0));
        assertEquals(6000, result.finishTime(0), EPS);
        assertEquals(5000, result.cpuBusy(0), EPS);
        assertEquals(9500, result.finishTime(1), EPS);
        assertEquals(2500, result.cpuBusy(1), EPS);
        assertEquals(7000, result.finishTime(2), EPS);
    }

    @Test
    void aSendBufferEndsTheSendWhenTheRestFitsInIt() {
        // the case above with the senders' transports holding 1500 B of a message (BG = 1500):
        //  to 2: injects 1500..3500, finishes at max(3000, 3500 - 1500) = 3000 (after both o)
        //  to 1: injects 3600..5600, finishes at 5600 - 1500 = 4100: the root's finish
        // the NIC and the arrivals do not change, so neither do the receivers'
        SimulationConfig buffered = SimulationConfig.of(PARAMS).withSendBuffer(1500);
        ScheduleSource source = ScheduleSource.bcast(BcastAlgorithm.BINOMIAL, 3, 0, 2001, DataType.BYTE, 0);
        SimulationResult result = new ScheduleSimulator(buffered).run(source);
        assertEquals(4100, result.finishTime(0), EPS);
        assertEquals(8100, result.finishTime(1), EPS);
        assertEquals(6000, result.finishTime(2), EPS);
        // a buffer that takes the whole message: the root is done when its CPU is, its two o
        SimulationResult whole = new ScheduleSimulator(SimulationConfig.of(PARAMS).withSendBuffer(1 << 20)).run(source);
        assertEquals(3000, whole.finishTime(0), EPS);
        assertEquals(0, whole.overlapPotential(0), EPS);
        assertEquals(8100, whole.finishTime(1), EPS);
        assertThrows(IllegalArgumentException.class, () -> SimulationConfig.of(PARAMS).withSendBuffer(-1));
    }

    @Test
    void messagesBetweenAPairMatchInOrder() {
        // rank 0 sends A (1001 B) then B (1 B) in one round; rank 1 receives them in two rounds.
        //  A: o 0..1500, inject 1500..2500, arrives 3500. B: o 1500..3000, inject max(3000, 2600) = 3000, arrives 4000.
        //  rank 1: A completes 3500, o -> 5000; B arrived before being posted at 5000: o 5000..6500.
        Schedule sender = builder(0).outputBytes(1001).round().send(Slots.OUTPUT, 0, 1001, 1).send(Slots.OUTPUT, 0, 1, 1).build();
        Schedule receiver = builder(1).outputBytes(1001).round().receive(Slots.OUTPUT, 0, 1001, 0)
                .round().receive(Slots.OUTPUT, 0, 1, 0).build();
        SimulationResult result = run(ScheduleSource.of(List.of(sender, receiver)));
        assertEquals(3000, result.finishTime(0), EPS);
        assertEquals(6500, result.finishTime(1), EPS);
    }

    @Test
    void localOperationsRunBeforeTheRoundsCommunication() {
        // rank 0: one round {send 1 B to 1, copy 400 B}: the copy runs first, 400 x 0.25 = 100 ns,
        // then the send's o 100..1600, inject 1600, arrive 2600; rank 1 o -> 4100. A copy cost of 2 ns/B
        // makes it 800 ns: 4800.
        Schedule sender = builder(0).inputBytes(400).outputBytes(400).round().send(Slots.OUTPUT, 0, 1, 1)
                .copy(Slots.INPUT, 0, Slots.OUTPUT, 0, 400).build();
        Schedule receiver = builder(1).outputBytes(1).round().receive(Slots.OUTPUT, 0, 1, 0).build();
        ScheduleSource source = ScheduleSource.of(List.of(sender, receiver));
        assertEquals(4100, run(source).finishTime(1), EPS);
        assertEquals(1600, run(source).cpuBusy(0), EPS);
        SimulationResult expensive = new ScheduleSimulator(SimulationConfig.of(PARAMS).withCopyCostPerByte(2)).run(source);
        assertEquals(4800, expensive.finishTime(1), EPS);
    }

    @Test
    void mismatchedSchedulesAreReported() {
        Schedule waiting = builder(0).outputBytes(1).round().receive(Slots.OUTPUT, 0, 1, 1).build();
        Schedule idle = builder(1).build();
        IllegalStateException e = assertThrows(IllegalStateException.class,
                () -> run(ScheduleSource.of(List.of(waiting, idle))));
        assertTrue(e.getMessage().contains("rank 0 waits in round 0 for a message from rank 1"), e.getMessage());
        Schedule sending = builder(0).outputBytes(1).round().send(Slots.OUTPUT, 0, 1, 1).build();
        e = assertThrows(IllegalStateException.class, () -> run(ScheduleSource.of(List.of(sending, idle))));
        assertTrue(e.getMessage().contains("never received"), e.getMessage());
    }

    @Test
    void detoursDelayCpuWorkOnly() {
        // a 500 ns detour at 1000 of every 10000 ns, the same on both ranks. Barrier P = 2:
        // send o runs 0..1000, detour 1000..1500, rest 1500..2000; inject 2000, arrive 3000;
        // receive o 3000..4500. finish 4500 = 3000 CPU + 500 noise + 1000 network.
        CpuNoise noise = DetourNoise.synchronizedOffsets(DetourTrace.periodic(10000, 1000, 500), 0);
        SimulationResult result = new ScheduleSimulator(SimulationConfig.of(PARAMS).withNoise(noise))
                .run(ScheduleSource.barrier(BarrierAlgorithm.DISSEMINATION, 2));
        assertEquals(4500, result.finishTime(0), EPS);
        assertEquals(3000, result.cpuBusy(0), EPS);
        assertEquals(500, result.noiseDelay(0), EPS);
        assertEquals(1000, result.networkTime(0), EPS);
        assertEquals(500, result.criticalPath(1).noise(), EPS);
    }

    @Test
    void randomDetourOffsetsDesynchronizeRanks() {
        DetourTrace trace = DetourTrace.periodic(20000, 0, 2000);
        DetourNoise random = DetourNoise.randomOffsets(trace, 42);
        double first = random.offset(0);
        boolean differs = false;
        for (int r = 0; r < 64; r++) {
            assertTrue(random.offset(r) >= 0 && random.offset(r) < 20000);
            assertEquals(random.offset(r), DetourNoise.randomOffsets(trace, 42).offset(r));
            differs |= random.offset(r) != first;
        }
        assertTrue(differs);
        // noise can only delay: the noisy barrier is never faster than the quiet one
        ScheduleSource source = ScheduleSource.barrier(BarrierAlgorithm.DISSEMINATION, 64);
        double quiet = run(source).maxFinishTime();
        double noisy = new ScheduleSimulator(SimulationConfig.of(PARAMS).withNoise(random)).run(source).maxFinishTime();
        assertTrue(noisy > quiet, quiet + " vs " + noisy);
    }

    private static ScheduleBuilder builder(int rank) {
        return new ScheduleBuilder(BarrierAlgorithm.DISSEMINATION, rank, 2, -1, 0, DataType.BYTE, null);
    }
}
