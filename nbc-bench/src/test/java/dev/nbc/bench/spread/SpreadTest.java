package dev.nbc.bench.spread;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class SpreadTest {

    @Test
    void theMediansIntervalIsTheOrderStatisticsThatReach95Percent() {
        // n = 6: [min, max] covers 1 - 2/64 = 96.9 %; the next pair in would cover 1 - 14/64 = 78 %
        MedianInterval six = MedianInterval.of(new double[] {5, 1, 4, 2, 6, 3});
        assertEquals(3.5, six.median());
        assertEquals(1, six.low());
        assertEquals(6, six.high());
        assertEquals(1 - 2.0 / 64, six.confidence(), 1e-12);
        // n = 20: the 6th and 15th values (P(B <= 5) = 0.0207 < 0.025, P(B <= 6) = 0.0577)
        double[] twenty = new double[20];
        for (int i = 0; i < 20; i++) {
            twenty[i] = 20 - i;
        }
        MedianInterval i20 = MedianInterval.of(twenty);
        assertEquals(6, i20.low());
        assertEquals(15, i20.high());
        assertTrue(i20.confidence() >= 0.95 && i20.confidence() < 0.97, "coverage " + i20.confidence());
        // below six values no interval reaches 95 %: [min, max] with its lower coverage
        MedianInterval three = MedianInterval.of(new double[] {2, 9, 4});
        assertEquals(4, three.median());
        assertEquals(0.75, three.confidence(), 1e-12);
        assertTrue(Double.isNaN(MedianInterval.of(new double[] {Double.NaN}).median()));
    }

    @Test
    void repeatedRunsBecomeTheMedianWithItsIntervalAndAFlagWhenTooWide() {
        List<List<Map<String, Object>>> runs = new ArrayList<>();
        for (int r = 0; r < 6; r++) {
            Map<String, Object> first = row("bcast", 8, 10 + r, 50.0 + 30 * r, 3);
            first.put("q90_us", 100.0 + r);
            first.put("iterations", 1000);
            runs.add(List.of(first, row("bcast", 64, 20, 40.0, 3)));
        }
        List<Map<String, Object>> merged = Repeated.merge(runs,
                List.of(Figure.relative("time_us", 0.25), Figure.absolute("overlap_pct", 10)), List.of("valid"));
        Map<String, Object> noisy = merged.get(0);
        assertEquals(12.5, noisy.get("time_us"));
        assertEquals(10.0, noisy.get("time_us_ci_low"));
        assertEquals(15.0, noisy.get("time_us_ci_high"));
        assertEquals(18L, noisy.get("valid"), "counts add up over the runs");
        assertEquals(2, noisy.get("P"), "the point's key stays as it is");
        assertEquals(6, noisy.get("runs"));
        assertEquals(102.5, noisy.get("q90_us"), "a number that differs between runs is their median, not the first run's");
        assertEquals(1000, noisy.get("iterations"), "a number all runs agree on stays as it is");
        assertEquals(true, noisy.get("unstable"));
        assertEquals("time_us overlap_pct", noisy.get("unstable_figures"), "5/12.5 = 40 % > 25 %; 150 points > 10");
        Map<String, Object> steady = merged.get(1);
        assertEquals(false, steady.get("unstable"));
        runs.set(3, List.of(row("bcast", 8, 1, 1, 1), row("allreduce", 64, 20, 40.0, 3)));
        assertThrows(IllegalStateException.class, () -> Repeated.merge(runs, List.of(Figure.relative("time_us", 0.25)), List.of()),
                "rows of different points are never merged");
    }

    record Point(@dev.nbc.bench.report.Column("P") int processes, @dev.nbc.bench.report.Column("time_us") double time,
                 @dev.nbc.bench.report.Column("valid") long valid) {
    }

    @Test
    void typedRowsAreMergedAsTheirColumnsAndKeepTheirIntervalsApart() {
        int[] run = {0};
        List<Repeated.Merged<Point>> merged = Repeated.mergedRows(6, List.of(Figure.relative("time_us", 0.25)), List.of("valid"),
                () -> List.of(new Point(2, 10 + run[0]++, 3)));
        Repeated.Merged<Point> point = merged.get(0);
        assertEquals(new Point(2, 12.5, 18), point.point());
        assertEquals(List.of(new Spread.Interval("time_us", 10, 15, 6, 12.5 * 0.25)), point.spread().intervals());
        assertEquals(6, point.spread().runs());
        assertEquals(List.of("time_us"), point.spread().unstableFigures());
        Map<String, Object> columns = new LinkedHashMap<>();
        point.spread().putColumns(columns);
        assertEquals(List.of("time_us_ci_low", "time_us_ci_high", "time_us_ci_runs", "time_us_tolerance", "runs", "unstable",
                "unstable_figures"), List.copyOf(columns.keySet()));
        assertEquals(null, Repeated.mergedRow(3, List.of(), () -> (Point) null), "null on the ranks that are not the leader");
    }

    @Test
    void aComparisonFlagsTheFiguresWhoseIntervalsDoNotOverlap() throws Exception {
        ObjectMapper json = new ObjectMapper();
        JsonNode first = json.readTree("""
                [{"benchmark":"overlap","P":2,"variant":"ompi","collective":"bcast","bytes":8,
                  "pure_us":10,"pure_us_ci_low":9,"pure_us_ci_high":11,"osu":50,"osu_ci_low":40,"osu_ci_high":60},
                 {"benchmark":"overlap","P":2,"variant":"ompi","collective":"bcast","bytes":64,
                  "pure_us":20,"pure_us_ci_low":19,"pure_us_ci_high":21,"pure_us_tolerance":2,
                  "osu":30,"osu_ci_low":29,"osu_ci_high":31,"osu_tolerance":10},
                 {"benchmark":"overlap","P":2,"variant":"ompi","collective":"bcast","bytes":512,
                  "pure_us":30,"pure_us_ci_low":29,"pure_us_ci_high":31}]""");
        JsonNode second = json.readTree("""
                [{"benchmark":"overlap","P":2,"variant":"ompi","collective":"bcast","bytes":8,
                  "pure_us":10.5,"pure_us_ci_low":10,"pure_us_ci_high":12,"osu":55,"osu_ci_low":45,"osu_ci_high":65},
                 {"benchmark":"overlap","P":2,"variant":"ompi","collective":"bcast","bytes":64,
                  "pure_us":25,"pure_us_ci_low":22,"pure_us_ci_high":28,"osu":35,"osu_ci_low":33,"osu_ci_high":36}]""");
        Comparison comparison = new Comparison(first, second);
        assertEquals(2, comparison.points());
        assertEquals(1, comparison.movedPoints());
        assertEquals(0.5, comparison.withinFraction());
        assertEquals(1, comparison.unmatched().size());
        Comparison.Change moved = comparison.changes().stream().filter(Comparison.Change::moved).findFirst().orElseThrow();
        assertEquals("pure_us", moved.figure());
        assertEquals(25.0, moved.percent(), 1e-9);
        assertEquals(1, comparison.changes().stream().filter(c -> c.figure().equals("osu") && !c.moved()
                && c.point().contains("bytes=64")).count(), "disjoint intervals, but 5 points are within the 10-point tolerance");
        assertTrue(comparison.report().contains("1 of 2 points within their intervals"), comparison.report());
        assertFalse(new Comparison(first, first).changes().stream().anyMatch(Comparison.Change::moved));
    }

    private static Map<String, Object> row(String collective, int bytes, double time, double overlap, int valid) {
        Map<String, Object> row = new LinkedHashMap<>();
        row.put("P", 2);
        row.put("variant", "nbc-thread");
        row.put("collective", collective);
        row.put("bytes", bytes);
        row.put("time_us", time);
        row.put("overlap_pct", overlap);
        row.put("valid", valid);
        return row;
    }
}
