package dev.nbc.core.algorithm;

import dev.nbc.core.algorithm.allreduce.AllreduceAlgorithm;
import dev.nbc.core.algorithm.bcast.BcastAlgorithm;
import dev.nbc.core.algorithm.gather.GatherAlgorithm;
import dev.nbc.core.algorithm.scatter.ScatterAlgorithm;
import dev.nbc.core.datatype.DataType;
import dev.nbc.core.datatype.ReduceOp;
import dev.nbc.core.schedule.Algorithm;
import dev.nbc.core.schedule.Collective;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The selector asks an advisor first, checks its advice, and leaves fixed algorithms and no advice alone. */
class AlgorithmAdvisorTest {
    private static final ReduceOp LEFT = ReduceOp.ofFloatingPoint("LEFT", false, (a, b) -> a);

    @Test
    void theAdvisorsChoiceIsTakenForEveryCollectiveWithEqualBlocks() {
        // The last candidate, which the thresholds pick nowhere for at least one collective.
        AlgorithmSelector advised = AlgorithmSelector.defaults().withAdvisor((c, count, type, size, op) -> {
            List<Algorithm> candidates = AlgorithmSelector.candidates(c, op);
            return candidates.get(candidates.size() - 1);
        });
        int differs = 0;
        for (Collective c : Collective.values()) {
            if (!c.hasEqualBlocks()) {
                continue;
            }
            List<Algorithm> candidates = AlgorithmSelector.candidates(c, ReduceOp.SUM);
            Algorithm chosen = advised.choose(c, 16, DataType.DOUBLE, 4, ReduceOp.SUM);
            assertEquals(candidates.get(candidates.size() - 1), chosen, c.label());
            if (!chosen.equals(AlgorithmSelector.defaults().choose(c, 16, DataType.DOUBLE, 4, ReduceOp.SUM))) {
                differs++;
            }
        }
        assertTrue(differs > 3, "the advice should differ from the thresholds somewhere, differed at " + differs);
    }

    @Test
    void noAdviceLeavesTheThresholdsAndTheAdvisorSeesTheCall() {
        List<String> asked = new ArrayList<>();
        AlgorithmSelector advised = AlgorithmSelector.defaults().withAdvisor((c, count, type, size, op) -> {
            asked.add(c.label() + " " + count + " " + type + " " + size + " " + (op == null ? "-" : op.name()));
            return null;
        });
        for (int count : new int[] {1, 1 << 16}) {
            for (int size : new int[] {2, 5}) {
                assertEquals(AlgorithmSelector.defaults().choose(Collective.GATHER, count, DataType.INT, size, null),
                        advised.choose(Collective.GATHER, count, DataType.INT, size, null));
            }
        }
        assertEquals(List.of("gather 1 INT 2 -", "gather 1 INT 5 -", "gather 65536 INT 2 -", "gather 65536 INT 5 -"), asked);
    }

    @Test
    void fixedAlgorithmsWinOverTheAdvisor() {
        AlgorithmSelector selector = AlgorithmSelector.defaults()
                .withAdvisor((c, count, type, size, op) -> c == Collective.BCAST ? BcastAlgorithm.PIPELINED_CHAIN
                        : c == Collective.ALLREDUCE ? AllreduceAlgorithm.REDUCE_BCAST : null)
                .withBcast(BcastAlgorithm.BINOMIAL)
                .withAllreduce(AllreduceAlgorithm.RING);
        assertEquals(BcastAlgorithm.BINOMIAL, selector.choose(Collective.BCAST, 8, DataType.DOUBLE, 4, null));
        assertEquals(AllreduceAlgorithm.RING, selector.choose(Collective.ALLREDUCE, 8, DataType.DOUBLE, 4, ReduceOp.SUM));
    }

    @Test
    void adviceOutsideTheCandidatesIsRefusedNamingTheAdvisor() {
        AlgorithmSelector wrongCollective = AlgorithmSelector.defaults().withAdvisor((c, count, type, size, op) -> ScatterAlgorithm.LINEAR);
        IllegalStateException e = assertThrows(IllegalStateException.class,
                () -> wrongCollective.choose(Collective.GATHER, 8, DataType.DOUBLE, 4, null));
        assertTrue(e.getMessage().startsWith("advisor: advised LINEAR for gather"), e.getMessage());

        AlgorithmSelector reordering = AlgorithmSelector.defaults().withAdvisor((c, count, type, size, op) -> AllreduceAlgorithm.RING);
        e = assertThrows(IllegalStateException.class, () -> reordering.choose(Collective.ALLREDUCE, 64, DataType.DOUBLE, 4, LEFT));
        assertTrue(e.getMessage().contains("RING for allreduce with LEFT"), e.getMessage());
        assertEquals(AllreduceAlgorithm.RING, reordering.choose(Collective.ALLREDUCE, 64, DataType.DOUBLE, 4, ReduceOp.SUM));
    }

    @Test
    void candidatesKeepRankOrderForNonCommutativeOperations() {
        assertEquals(Algorithms.of(Collective.ALLREDUCE), AlgorithmSelector.candidates(Collective.ALLREDUCE, ReduceOp.SUM));
        List<Algorithm> ordered = AlgorithmSelector.candidates(Collective.ALLREDUCE, LEFT);
        assertFalse(ordered.isEmpty());
        for (Algorithm a : ordered) {
            assertFalse(a.reordersOperands(), a.name());
        }
        assertFalse(ordered.contains(AllreduceAlgorithm.RING));
        assertEquals(Algorithms.of(Collective.GATHER), AlgorithmSelector.candidates(Collective.GATHER, null));
        assertEquals(List.of(GatherAlgorithm.values()), AlgorithmSelector.candidates(Collective.GATHER, LEFT));
    }
}
