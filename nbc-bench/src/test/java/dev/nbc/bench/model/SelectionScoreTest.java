package dev.nbc.bench.model;

import dev.nbc.bench.report.Results;
import dev.nbc.core.algorithm.AlgorithmSelector;
import dev.nbc.core.algorithm.gather.GatherAlgorithm;
import dev.nbc.core.algorithm.reduce.ReduceAlgorithm;
import dev.nbc.core.datatype.ReduceOp;
import dev.nbc.core.schedule.Algorithm;
import dev.nbc.core.schedule.Collective;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class SelectionScoreTest {

    @Test
    void aPickHitsWithinTenPercentOfTheFastestAndSingleCandidatesAreNotCounted() {
        SelectionScore score = new SelectionScore();
        // model within 10 % (1.08), thresholds 1.5x off: a hit, a miss, and the model faster by more than 10 %
        score.add(new SelectionScore.Point("x", Collective.GATHER, 4, 8,
                Map.of(GatherAlgorithm.LINEAR, 100.0, GatherAlgorithm.BINOMIAL, 108.0), GatherAlgorithm.BINOMIAL, GatherAlgorithm.LINEAR));
        score.add(new SelectionScore.Point("x", Collective.GATHER, 4, 4096,
                Map.of(GatherAlgorithm.LINEAR, 150.0, GatherAlgorithm.BINOMIAL, 100.0), GatherAlgorithm.BINOMIAL, GatherAlgorithm.LINEAR));
        score.add(new SelectionScore.Point("x", Collective.GATHER, 4, 65536,
                Map.of(GatherAlgorithm.LINEAR, 100.0, GatherAlgorithm.BINOMIAL, 111.0), GatherAlgorithm.BINOMIAL, GatherAlgorithm.LINEAR));
        score.add(new SelectionScore.Point("x", Collective.REDUCE, 4, 8,
                Map.of(ReduceAlgorithm.BINOMIAL, 100.0), ReduceAlgorithm.BINOMIAL, ReduceAlgorithm.BINOMIAL));
        List<SelectionScore.Point> p = score.points();
        assertTrue(p.get(0).modelHits() && p.get(0).thresholdsHit());
        assertTrue(p.get(1).modelHits() && !p.get(1).thresholdsHit() && p.get(1).modelBeatsThresholds());
        assertTrue(!p.get(2).modelHits() && p.get(2).thresholdsHit() && p.get(2).thresholdsBeatModel());
        assertFalse(p.get(3).hasChoice());
        assertEquals("HEADLINE selection: the model's pick within 10 % of the fastest measured at 2 of 3 points with a choice (67 %),"
                + " the thresholds' at 2 (67 %); the model's pick faster than the thresholds' by more than 10 % at 1 points, slower at 1",
                score.headline());
        Results results = new Results(Map.of());
        score.record(results);
        assertEquals(4, results.rows("selection").size());
        String measured = results.rows("selection", SelectionRow.class).get(1).measuredMicros();
        assertTrue(measured.matches("(linear|binomial)=0\\.[0-9] (linear|binomial)=0\\.[0-9]") && measured.contains("linear=") && measured.contains("binomial="), measured);
    }

    @Test
    void aPickThatWasNotMeasuredIsRefused() {
        assertThrows(IllegalArgumentException.class, () -> new SelectionScore.Point("x", Collective.GATHER, 4, 8,
                Map.of(GatherAlgorithm.LINEAR, 1.0), GatherAlgorithm.BINOMIAL, GatherAlgorithm.LINEAR));
    }

    /** The emulated check end to end on one small grid: every candidate measured, both picks among them. */
    @Test
    void theEmulatedCheckMeasuresEveryCandidateOfEveryPoint() {
        ByteArrayOutputStream log = new ByteArrayOutputStream();
        SelectionScore score = SelectionCheck.run(new SelectionCheck.Config(List.of(PlantedSet.named("A")), List.of(3),
                List.of(Collective.BARRIER, Collective.GATHER, Collective.ALLREDUCE), List.of(8L, 4096L), 3),
                new PrintStream(log, true, StandardCharsets.UTF_8));
        assertEquals(5, score.points().size());
        for (SelectionScore.Point point : score.points()) {
            List<Algorithm> candidates = AlgorithmSelector.candidates(point.collective(), ReduceOp.SUM);
            assertEquals(candidates, List.copyOf(point.measured().keySet()), point.collective().label());
            assertTrue(point.measured().values().stream().allMatch(nanos -> nanos > 0), point.toString());
            assertTrue(candidates.contains(point.model()) && candidates.contains(point.thresholds()), point.toString());
            assertEquals(3, point.processes());
        }
        assertTrue(log.toString(StandardCharsets.UTF_8).contains("set A: L=20us"), log.toString(StandardCharsets.UTF_8));
        assertTrue(score.headline().contains("of 4 points with a choice"), score.headline());
    }
}
