package dev.nbc.models.assessment.fit;

import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

class ProtocolRegionsTest {

    /** Sizes 1, 2, 3, 4, 6, 8, ... up to 1 MiB, as the assessment plan measures them. */
    private static double[] sizes() {
        double[] s = new double[41];
        s[0] = 1;
        int i = 1;
        for (long p = 2; p <= 1 << 20; p *= 2) {
            s[i++] = p;
            if (p + p / 2 <= 1 << 20) {
                s[i++] = p + p / 2;
            }
        }
        return java.util.Arrays.copyOf(s, i);
    }

    @Test
    void oneNoisyLineStaysOneRegion() {
        double[] x = sizes();
        Random random = new Random(1);
        double[] y = new double[x.length];
        for (int i = 0; i < x.length; i++) {
            y[i] = (2000 + 0.3 * x[i]) * (1 + 0.02 * random.nextGaussian());
        }
        assertEquals(1, ProtocolRegions.segment(x, y, 4, 3).size());
    }

    @Test
    void eagerToRendezvousSwitchIsFoundAtItsSize() {
        // Netgauge's figure 7: g = 1.82 us, G = 0.0012 us/B below 12 KiB, g = 19.75, G = 0.0016 above.
        double[] x = sizes();
        Random random = new Random(2);
        double[] y = new double[x.length];
        for (int i = 0; i < x.length; i++) {
            double t = x[i] < 12 * 1024 ? 1820 + 1.2 * x[i] : 19750 + 1.6 * x[i];
            y[i] = t * (1 + 0.01 * random.nextGaussian());
        }
        List<Region> regions = ProtocolRegions.segment(x, y, 4, 3);
        assertEquals(2, regions.size());
        assertEquals(8192, regions.get(0).toBytes());
        assertEquals(12288, regions.get(1).fromBytes());
        assertEquals(19750, regions.get(1).fit().intercept(), 19750 * 0.1);
        assertEquals(1.6, regions.get(1).fit().slope(), 0.05);
    }

    @Test
    void argumentsAreChecked() {
        double[] x = {1, 2, 3, 4};
        assertThrows(IllegalArgumentException.class, () -> ProtocolRegions.segment(x, new double[3], 3, 2));
        assertThrows(IllegalArgumentException.class, () -> ProtocolRegions.segment(x, new double[] {1, 1, 1, 1}, 2, 2));
        assertThrows(IllegalArgumentException.class, () -> ProtocolRegions.segment(new double[] {1, 3, 2, 4},
                new double[] {1, 1, 1, 1}, 3, 2));
    }
}
