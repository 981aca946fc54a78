package dev.nbc.harness.call;

import dev.nbc.core.algorithm.AlgorithmSelector;
import dev.nbc.core.algorithm.Algorithms;
import dev.nbc.core.algorithm.allreduce.AllreduceAlgorithm;
import dev.nbc.core.algorithm.bcast.BcastAlgorithm;
import dev.nbc.core.datatype.DataType;
import dev.nbc.core.datatype.ReduceOp;
import dev.nbc.core.schedule.Algorithm;
import dev.nbc.core.schedule.Collective;
import dev.nbc.harness.ranks.CoreBinding;
import dev.nbc.harness.ranks.InProcessRanks;
import dev.nbc.harness.ranks.Session;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The one place where a collective becomes nbc's call, and the vocabulary around it. */
class NbcCallTest {

    /** Every supported collective runs on P ranks, and the selector's choice (AlgorithmSelector.choose) is what the call ran. */
    @ParameterizedTest
    @ValueSource(ints = {1, 2, 3, 4})
    void everyCollectiveRunsAndTheSelectorsChoiceIsTheCallsAlgorithm(int processes) {
        List<String> mismatches = new InProcessRanks(processes, null, Duration.ofMinutes(2), CoreBinding.CORE).run(processes, env -> {
            List<String> wrong = new ArrayList<>();
            try (Session session = env.open()) {
                for (Collective collective : CollectiveCall.supported()) {
                    for (int bytes : new int[] {0, 8, 4096, 200_000}) {
                        NbcCall call = new NbcCall(session.comm(), collective, bytes, null);
                        call.blocking();
                        call.blocking();
                        Algorithm chosen = AlgorithmSelector.defaults().choose(collective, collective.count(bytes, DataType.DOUBLE),
                                DataType.DOUBLE, processes, ReduceOp.SUM);
                        if (!call.algorithm().equals(chosen.name())) {
                            wrong.add(collective.label() + " " + bytes + " B: ran " + call.algorithm() + ", chosen " + chosen.name());
                        }
                    }
                }
            }
            return wrong;
        });
        assertEquals(List.of(), mismatches);
    }

    @Test
    void everyAlgorithmOfACollectiveRunsAsThatAlgorithm() {
        int processes = 3;
        List<String> wrong = new InProcessRanks(processes, null, Duration.ofMinutes(2), CoreBinding.CORE).run(processes, env -> {
            List<String> out = new ArrayList<>();
            try (Session session = env.open()) {
                for (Collective collective : CollectiveCall.supported()) {
                    for (Algorithm algorithm : Algorithms.of(collective)) {
                        NbcCall call = new NbcCall(session.comm(), collective, 96, algorithm);
                        call.start().await();
                        if (!call.algorithm().equals(algorithm.name()) || call.bytes() != (collective == Collective.BARRIER ? 0 : 96)) {
                            out.add(collective.label() + ": " + algorithm.name() + " ran as " + call.algorithm() + ", " + call.bytes() + " B");
                        }
                    }
                }
            }
            return out;
        });
        assertEquals(List.of(), wrong);
    }

    /** A communicator whose selector has an advisor runs the advised algorithm (here each collective's last candidate). */
    @Test
    void aCallRunsTheAlgorithmTheSelectorsAdvisorAdvises() {
        int processes = 3;
        List<String> wrong = new InProcessRanks(processes, null, Duration.ofMinutes(2), CoreBinding.CORE).run(processes, env -> {
            List<String> out = new ArrayList<>();
            try (Session session = env.open()) {
                session.comm().setSelector(AlgorithmSelector.defaults().withAdvisor((c, count, type, size, op) -> {
                    List<Algorithm> candidates = AlgorithmSelector.candidates(c, op);
                    return candidates.get(candidates.size() - 1);
                }));
                for (Collective collective : CollectiveCall.supported()) {
                    List<Algorithm> candidates = AlgorithmSelector.candidates(collective, ReduceOp.SUM);
                    NbcCall call = new NbcCall(session.comm(), collective, 96, null);
                    call.blocking();
                    if (!call.algorithm().equals(candidates.get(candidates.size() - 1).name())) {
                        out.add(collective.label() + " ran " + call.algorithm());
                    }
                }
            }
            return out;
        });
        assertEquals(List.of(), wrong);
    }

    @Test
    void aCallRefusesAnotherCollectivesAlgorithmAndMakesTheVCollectivesWithUniformCounts() {
        List<String> outcomes = new InProcessRanks(2, null, Duration.ofMinutes(1), CoreBinding.CORE).run(2, env -> {
            try (Session session = env.open()) {
                IllegalArgumentException wrongAlgorithm = assertThrows(IllegalArgumentException.class,
                        () -> new NbcCall(session.comm(), Collective.BCAST, 8, AllreduceAlgorithm.RING));
                // every v-collective and reduce_scatter runs, with every rank's count alike, and reports its algorithm
                StringBuilder algorithms = new StringBuilder();
                for (Collective c : List.of(Collective.GATHERV, Collective.SCATTERV, Collective.ALLGATHERV, Collective.ALLTOALLV,
                        Collective.REDUCE_SCATTER)) {
                    NbcCall call = new NbcCall(session.comm(), c, 16, null);
                    call.blocking();
                    algorithms.append(c.label()).append('=').append(call.algorithm()).append(' ');
                }
                return List.of(wrongAlgorithm.getMessage(), algorithms.toString().trim());
            }
        });
        assertTrue(outcomes.get(0).startsWith("algorithm: RING is a allreduce algorithm"), outcomes.get(0));
        assertEquals("gatherv=LINEAR scatterv=LINEAR allgatherv=RING alltoallv=PAIRWISE reduce_scatter=RING", outcomes.get(1));
    }

    @Test
    void collectivesAndAlgorithmsParseByNameInAnyCaseAndSayWhatIsKnown() {
        assertEquals(Collective.REDUCE_SCATTER_BLOCK, CollectiveCall.parse("Reduce-Scatter-Block"));
        IllegalArgumentException v = assertThrows(IllegalArgumentException.class, () -> CollectiveCall.parse("gatherv"));
        assertTrue(v.getMessage().startsWith("unknown collective 'gatherv' (barrier, bcast,"), v.getMessage());
        assertEquals(BcastAlgorithm.SCATTER_ALLGATHER, Algorithms.parse(Collective.BCAST, "scatter-allgather"));
        for (Collective c : Collective.values()) {
            assertTrue(Algorithms.of(c).stream().allMatch(a -> a.collective() == c), c + "'s algorithms");
        }
        assertEquals(AllreduceAlgorithm.RING, AlgorithmSelector.defaults().withAllreduce(AllreduceAlgorithm.RING)
                .choose(Collective.ALLREDUCE, 1, DataType.DOUBLE, 4, ReduceOp.SUM));
    }

    @Test
    void aBlockIsWholeElementsAndAtLeastOneExceptForTheBarrier() {
        assertEquals(0, Collective.BARRIER.count(4096, DataType.DOUBLE));
        assertEquals(1, Collective.BCAST.count(0, DataType.DOUBLE));
        assertEquals(1, Collective.BCAST.count(15, DataType.DOUBLE));
        assertEquals(2, Collective.ALLREDUCE.count(16, DataType.DOUBLE));
        assertEquals(8, Collective.ALLREDUCE.bytes(15, DataType.DOUBLE));
        assertEquals(15, Collective.ALLGATHER.count(15, DataType.BYTE));
        assertThrows(IllegalArgumentException.class, () -> Collective.BCAST.count(-1, DataType.DOUBLE));
    }
}
