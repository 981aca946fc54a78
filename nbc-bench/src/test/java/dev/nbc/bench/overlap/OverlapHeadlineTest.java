package dev.nbc.bench.overlap;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;

class OverlapHeadlineTest {

    @Test
    void theHeadlineIsEachVariantsMedianOverTheSizesWithoutTheBarrier() {
        List<Map<String, Object>> rows = new ArrayList<>();
        rows.add(Map.of("P", 2, "variant", "nbc-thread", "collective", "barrier", "overlap_osu_pct", 99.0,
                "physical_limit_pct", 99.0, "loggp_sim_overlap_pct", 99.0));
        double[] achieved = {10, 30, 20};
        for (double a : achieved) {
            rows.add(Map.of("P", 2, "variant", "nbc-thread", "collective", "bcast", "overlap_osu_pct", a,
                    "physical_limit_pct", 2 * a, "loggp_sim_overlap_pct", Double.NaN));
        }
        rows.add(Map.of("P", 2, "variant", "ompi", "collective", "allreduce", "overlap_osu_pct", 5.0,
                "physical_limit_pct", 50.0, "loggp_sim_overlap_pct", 70.0));
        List<String> headline = new OverlapBenchmark().headline(rows);
        assertEquals(List.of(
                "HEADLINE overlap, nbc-thread  P=2: achieved 20 % (median over 3 points), physical limit 40 %, LogGP prediction - %",
                "HEADLINE overlap, ompi        P=2: achieved 5 % (median over 1 points), physical limit 50 %, LogGP prediction 70 %"),
                headline);
    }
}
