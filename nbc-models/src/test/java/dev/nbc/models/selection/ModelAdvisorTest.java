package dev.nbc.models.selection;

import dev.nbc.core.algorithm.AlgorithmSelector;
import dev.nbc.core.algorithm.allgather.AllgatherAlgorithm;
import dev.nbc.core.algorithm.allreduce.AllreduceAlgorithm;
import dev.nbc.core.algorithm.bcast.BcastAlgorithm;
import dev.nbc.core.datatype.DataType;
import dev.nbc.core.datatype.ReduceOp;
import dev.nbc.core.schedule.Algorithm;
import dev.nbc.core.schedule.Collective;
import dev.nbc.models.loggp.LogGPParameters;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** On planted parameters, where the textbook answer is known, the advisor finds it; and it explains itself. */
class ModelAdvisorTest {
    /** A network where each message costs its latency and little else: fewest steps win. */
    private static final LogGPParameters LATENCY_BOUND = new LogGPParameters(50_000, 1_000, 1_000, 0.001, 1, 0.001);
    /** A network where bytes cost: moving each byte fewest times wins. */
    private static final LogGPParameters BANDWIDTH_BOUND = new LogGPParameters(1_000, 500, 500, 5.0, 1, 0.05);
    private static final ReduceOp LEFT = ReduceOp.ofFloatingPoint("LEFT", false, (a, b) -> a);

    @Test
    void smallAllreduceOnAHighLatencyNetworkTakesTheFewestSteps() {
        AlgorithmChoice choice = ModelAdvisor.fromParameters(LATENCY_BOUND).explain(Collective.ALLREDUCE, 1, DataType.DOUBLE, 8, ReduceOp.SUM);
        // log2 8 = 3 exchanges; the ring needs 2 (P - 1) = 14 steps, reduce + bcast 2 log2 P = 6
        assertEquals(AllreduceAlgorithm.RECURSIVE_DOUBLING, choice.chosen(), choice.why());
        assertTrue(choice.chosenNanos() < 4 * (LATENCY_BOUND.L() + 2 * LATENCY_BOUND.o()), choice.why());
    }

    @Test
    void largeAllreduceOnASlowWireMovesEachByteFewestTimes() {
        int count = 1 << 17;   // 1 MiB of doubles
        AlgorithmChoice choice = ModelAdvisor.fromParameters(BANDWIDTH_BOUND).explain(Collective.ALLREDUCE, count, DataType.DOUBLE, 8, ReduceOp.SUM);
        assertTrue(Set.of(AllreduceAlgorithm.RING, AllreduceAlgorithm.RABENSEIFNER).contains(choice.chosen()), choice.why());
        double doubling = nanosOf(choice, AllreduceAlgorithm.RECURSIVE_DOUBLING);
        // recursive doubling moves the whole vector log2 P = 3 times, the ring 2 (P - 1) / P = 1.75 times
        assertTrue(choice.chosenNanos() < 0.75 * doubling, choice.why());
    }

    @Test
    void smallAllgatherAtANonPowerOfTwoTakesBruckAndALargeBroadcastIsPipelined() {
        ModelAdvisor latency = ModelAdvisor.fromParameters(LATENCY_BOUND);
        assertEquals(AllgatherAlgorithm.BRUCK, latency.advise(Collective.ALLGATHER, 1, DataType.DOUBLE, 7, null),
                latency.explain(Collective.ALLGATHER, 1, DataType.DOUBLE, 7, null).why());
        // 1 MiB from one root to 8 ranks on a slow wire: the binomial tree sends it log2 8 = 3 times
        // in a row; a pipeline or scatter + allgather keeps every link busy with a part of it
        AlgorithmChoice large = ModelAdvisor.fromParameters(BANDWIDTH_BOUND).explain(Collective.BCAST, 1 << 17, DataType.DOUBLE, 8, null);
        assertTrue(Set.of(BcastAlgorithm.PIPELINED_CHAIN, BcastAlgorithm.SCATTER_ALLGATHER).contains(large.chosen()), large.why());
        assertTrue(large.chosenNanos() < nanosOf(large, BcastAlgorithm.BINOMIAL) / 1.5, large.why());
    }

    @Test
    void theChoiceIsTheLeastSimulatedOfEveryCandidateForEveryCollective() {
        ModelAdvisor advisor = ModelAdvisor.fromParameters(BANDWIDTH_BOUND);
        for (Collective c : Collective.values()) {
            if (!c.hasEqualBlocks()) {
                assertThrows(IllegalArgumentException.class, () -> advisor.explain(c, 8, DataType.DOUBLE, 3, ReduceOp.SUM));
                continue;
            }
            for (int size : new int[] {1, 3, 4}) {
                AlgorithmChoice choice = advisor.explain(c, 100, DataType.DOUBLE, size, ReduceOp.SUM);
                List<Algorithm> candidates = AlgorithmSelector.candidates(c, ReduceOp.SUM);
                assertEquals(candidates, choice.candidates().stream().map(AlgorithmChoice.Candidate::algorithm).toList(), c.label());
                double least = choice.candidates().stream().mapToDouble(AlgorithmChoice.Candidate::nanos).min().orElseThrow();
                assertTrue(choice.chosenNanos() <= least * (1 + ModelAdvisor.TIE), choice.why());
                assertTrue(size == 1 || c == Collective.BARRIER || choice.chosenNanos() > 0, choice.why());
            }
        }
    }

    /** At P = 2 the chain and recursive doubling send the same message; the chain copies less, so it wins the tie. */
    @Test
    void aTieGoesToTheCandidateWithLessCpuWork() {
        AlgorithmChoice exscan = ModelAdvisor.fromParameters(LATENCY_BOUND).explain(Collective.EXSCAN, 1 << 13, DataType.DOUBLE, 2, ReduceOp.SUM);
        double doubling = nanosOf(exscan, dev.nbc.core.algorithm.scan.ExscanAlgorithm.RECURSIVE_DOUBLING);
        double chain = nanosOf(exscan, dev.nbc.core.algorithm.scan.ExscanAlgorithm.LINEAR);
        assertTrue(Math.abs(doubling - chain) <= ModelAdvisor.TIE * Math.min(doubling, chain), exscan.why());
        assertEquals(dev.nbc.core.algorithm.scan.ExscanAlgorithm.LINEAR, exscan.chosen(), exscan.why());
    }

    @Test
    void nonCommutativeOperationsAreNeverGivenAReorderingAlgorithm() {
        ModelAdvisor advisor = ModelAdvisor.fromParameters(BANDWIDTH_BOUND);
        for (Collective c : List.of(Collective.ALLREDUCE, Collective.REDUCE, Collective.REDUCE_SCATTER_BLOCK, Collective.SCAN)) {
            AlgorithmChoice choice = advisor.explain(c, 1 << 15, DataType.DOUBLE, 4, LEFT);
            assertFalse(choice.chosen().reordersOperands(), choice.why());
            assertTrue(choice.candidates().stream().noneMatch(k -> k.algorithm().reordersOperands()), choice.why());
        }
    }

    @Test
    void aShapeIsSimulatedOnceAndTheSelectorTakesTheAdvice() {
        ModelAdvisor advisor = ModelAdvisor.fromParameters(LATENCY_BOUND);
        AlgorithmChoice first = advisor.explain(Collective.BCAST, 64, DataType.INT, 5, null);
        assertSame(first, advisor.explain(Collective.BCAST, 64, DataType.INT, 5, null));
        AlgorithmSelector selector = AlgorithmSelector.defaults().withAdvisor(advisor);
        assertEquals(first.chosen(), selector.choose(Collective.BCAST, 64, DataType.INT, 5, null));
        assertTrue(first.why().startsWith("bcast P=5 64 x INT: "), first.why());
    }

    private static double nanosOf(AlgorithmChoice choice, Algorithm algorithm) {
        return choice.candidates().stream().filter(c -> c.algorithm() == algorithm).findFirst().orElseThrow().nanos();
    }

    /** This machine's shared-memory MPI as `model measure` found it: L 0, o 0.47 us, g 1.3 us, G 0.05 ns/B. */
    private static final LogGPParameters SHARED_MEMORY = new LogGPParameters(0, 471, 1299, 0.0531, 2, 0.0489);

    /**
     * Four ranks on two cores: a collective cannot end before the cores have done every rank's
     * work and every round waits for a peer that may be off its core, so the chain (3 messages)
     * beats recursive doubling (8 messages in 2 steps) for a small scan and exscan, and the linear
     * all-to-all (one round) the pairwise exchange (3 rounds), as measured here; with a core per
     * rank the fewest steps win, as before.
     */
    @Test
    void ranksSharingCoresCountEveryRanksWork() {
        ModelAdvisor ownCores = ModelAdvisor.fromParameters(SHARED_MEMORY);
        ModelAdvisor twoCores = ModelAdvisor.fromParameters(SHARED_MEMORY).withSharedCores(2, 6000);
        assertEquals("RECURSIVE_DOUBLING", ownCores.advise(Collective.SCAN, 8, DataType.DOUBLE, 4, ReduceOp.SUM).name());
        assertEquals("LINEAR", twoCores.advise(Collective.SCAN, 8, DataType.DOUBLE, 4, ReduceOp.SUM).name());
        assertEquals("LINEAR", twoCores.advise(Collective.EXSCAN, 64, DataType.DOUBLE, 4, ReduceOp.SUM).name());
        // two ranks on two cores: nothing is shared, the choice is the own-cores one
        assertEquals(ownCores.advise(Collective.SCAN, 8, DataType.DOUBLE, 2, ReduceOp.SUM),
                twoCores.advise(Collective.SCAN, 8, DataType.DOUBLE, 2, ReduceOp.SUM));
        AlgorithmChoice shared = twoCores.explain(Collective.SCAN, 8, DataType.DOUBLE, 4, ReduceOp.SUM);
        assertTrue(shared.chosenNanos() >= ownCores.explain(Collective.SCAN, 8, DataType.DOUBLE, 4, ReduceOp.SUM).chosenNanos(),
                shared.why());
        assertThrows(IllegalArgumentException.class, () -> ownCores.withSharedCores(0, 6000));
        assertEquals("LINEAR", twoCores.advise(Collective.ALLTOALL, 512, DataType.DOUBLE, 4, null).name(),
                "one round of sends against P - 1 rounds of waiting for a peer");
    }
}
