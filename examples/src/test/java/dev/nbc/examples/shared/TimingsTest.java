package dev.nbc.examples.shared;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/** The statistics of repeated timings: the upper median, the mean, the nearest-rank percentile. */
class TimingsTest {

    @Test
    void statisticsOfAFewTimes() {
        Timings t = new Timings(new double[] {5, 1, 4, 2});
        assertEquals(4, t.median(), "the upper of the two middle times");
        assertEquals(3, t.mean());
        assertEquals(1, t.min());
        assertEquals(5, t.percentile(99), "of fewer than 100 times, p99 is the largest");
        assertEquals(2, t.percentile(50));
        assertEquals(1, t.percentile(1));
    }

    @Test
    void ofAHundredTimesP99IsTheNinetyNinth() {
        double[] millis = new double[100];
        for (int i = 0; i < 100; i++) {
            millis[i] = 100 - i;
        }
        assertEquals(99, new Timings(millis).percentile(99));
    }

    @Test
    void theTimesAreCopiedAndNeverEmpty() {
        double[] millis = {3};
        Timings t = new Timings(millis);
        millis[0] = 7;
        assertEquals(3, t.median());
        assertThrows(IllegalArgumentException.class, () -> new Timings(new double[0]));
        assertThrows(IllegalArgumentException.class, () -> t.percentile(0));
    }
}
