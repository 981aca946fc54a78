package dev.nbc.bench.overlap;

import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;

class OverlapVerdictTest {

    @Test
    void aVerdictPerCollectiveAndSizeOfTheFirstVariantWithoutTheBarrier() {
        List<Map<String, Object>> rows = List.of(
                Map.of("variant", "nbc-thread", "collective", "barrier", "bytes", 0, "pure_us", 30.0, "compute_us", 30.0,
                        "overlapped_cost_us", 5.0),
                Map.of("variant", "nbc-thread", "collective", "allreduce", "bytes", 1 << 20, "pure_us", 2000.0,
                        "compute_us", 2000.0, "overlapped_cost_us", 120.0),
                Map.of("variant", "ompi", "collective", "allreduce", "bytes", 1 << 20, "pure_us", 1000.0,
                        "compute_us", 1000.0, "overlapped_cost_us", 1000.0));
        assertEquals(List.of("VERDICT nbc-thread: at 1.0 MiB a blocking allreduce costs 2000 us; overlapped behind 2000 us of "
                + "work it costs 120 us; time per iteration 4000 -> 2120 us (1.89 x)"), OverlapBenchmark.verdicts(rows));
    }
}
