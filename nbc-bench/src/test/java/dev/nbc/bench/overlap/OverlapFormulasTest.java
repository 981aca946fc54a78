package dev.nbc.bench.overlap;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class OverlapFormulasTest {

    @Test
    void fullPartialAndNoOverlap() {
        // pure 100, compute 100: overall 100 = all hidden, 200 = nothing hidden, 150 = half
        assertEquals(100, OverlapFormulas.osu(100, 100, 100), 1e-9);
        assertEquals(0, OverlapFormulas.osu(100, 100, 200), 1e-9);
        assertEquals(50, OverlapFormulas.osu(100, 100, 150), 1e-9);
        assertEquals(100, OverlapFormulas.imb(100, 100, 100), 1e-9);
        assertEquals(0, OverlapFormulas.imb(100, 100, 200), 1e-9);
        assertEquals(50, OverlapFormulas.imb(100, 100, 150), 1e-9);
    }

    @Test
    void theFormulasDifferWhenComputeAndPureDiffer() {
        // pure 100, compute 300, overall 350: OSU 50 (half of pure not hidden), IMB (100+300-350)/100 = 50
        assertEquals(50, OverlapFormulas.osu(100, 300, 350), 1e-9);
        assertEquals(50, OverlapFormulas.imb(100, 300, 350), 1e-9);
        // overall below compute: OSU exceeds 100, IMB clamps
        assertEquals(110, OverlapFormulas.osu(100, 100, 90), 1e-9);
        assertEquals(100, OverlapFormulas.imb(100, 100, 90), 1e-9);
        // worse than serial: both 0
        assertEquals(0, OverlapFormulas.osu(100, 100, 300), 1e-9);
        assertEquals(0, OverlapFormulas.imb(100, 100, 300), 1e-9);
        assertTrue(Double.isNaN(OverlapFormulas.osu(0, 100, 100)));
    }

    @Test
    void physicalLimit() {
        assertEquals(75, OverlapFormulas.physicalLimit(0.25), 1e-9);
        assertEquals(0, OverlapFormulas.physicalLimit(1.3), 1e-9);
    }

    @Test
    void busyWorkChunksAddUp() {
        BusyWork w = BusyWork.withRate(0.0); // no actual spinning: only the chunk accounting is checked
        int[] calls = {0};
        w.chunked(1_000, 300, () -> calls[0]++);
        assertEquals(3, calls[0]); // chunks 300, 300, 300, 100: test() between them
    }
}
