package dev.nbc.models.lmo;

import dev.nbc.core.transport.inprocess.EmulatedNetwork;
import dev.nbc.core.transport.inprocess.Heterogeneity;
import dev.nbc.core.transport.inprocess.InProcessWorld;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.time.Duration;
import java.util.concurrent.atomic.AtomicReference;

import static org.junit.jupiter.api.Assertions.assertTrue;

/** The scatter threshold found in a sweep on a planted network, and LMO's scatter prediction beside the measured time. */
class LmoScatterTest {
    private static final long S = 2 << 20;

    @ParameterizedTest
    @ValueSource(ints = {4, 8})
    void theScatterThresholdIsFoundWithinOneSizeStep(int n) {
        Heterogeneity planted = PlantedNetworks.of(PlantedNetworks.Kind.BOTH, n, n, S);
        int[] sizes = new int[13];
        double[] x = new double[sizes.length];
        for (int k = 0; k < sizes.length; k++) {
            sizes[k] = (int) Math.round((128 << 10) * Math.pow(2, k / 2.0));
            x[k] = sizes[k];
        }
        AtomicReference<double[]> times = new AtomicReference<>();
        AtomicReference<LmoExperiments> experiments = new AtomicReference<>();
        try (InProcessWorld world = InProcessWorld.onVirtualTime(n, EmulatedNetwork.none(), planted)) {
            world.run((rank, transport) -> {
                LmoScatterSweep.run(transport, 0, sizes, 1).ifPresent(times::set);
                LmoProtocol.run(transport, 1 << 20, 1).ifPresent(experiments::set);
            }, Duration.ofMinutes(2));
        }
        double found = LmoThresholds.scatterThreshold(x, times.get());
        int at = java.util.Arrays.binarySearch(x, found);
        int planted2MiB = java.util.Arrays.binarySearch(x, (double) S);
        StringBuilder report = new StringBuilder("n=" + n + ": S found " + found + " (planted " + S + ")\n");
        LmoCollectives model = new LmoCollectives(LmoEstimation.estimate(experiments.get(), found).parameters(), found,
                Double.NaN, Double.NaN, 0, 0, Double.NaN);
        double worst = 0;
        for (int k = 0; k < sizes.length; k++) {
            double predicted = model.scatter(0, sizes[k]);
            double error = predicted / times.get()[k] - 1;
            worst = Math.max(worst, Math.abs(error));
            report.append(String.format("  %8d B: measured %10.1f us, LMO %10.1f us (%+.1f %%)%n", sizes[k], times.get()[k] / 1e3,
                    predicted / 1e3, 100 * error));
        }
        System.out.print(report);
        assertTrue(at >= 0 && Math.abs(at - planted2MiB) <= 1, "S within one size step of the planted one\n" + report);
    }
}
