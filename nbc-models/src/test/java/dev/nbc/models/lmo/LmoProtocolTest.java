package dev.nbc.models.lmo;

import dev.nbc.core.transport.inprocess.EmulatedNetwork;
import dev.nbc.core.transport.inprocess.Heterogeneity;
import dev.nbc.core.transport.inprocess.InProcessWorld;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.time.Duration;
import java.util.concurrent.atomic.AtomicReference;

import static org.junit.jupiter.api.Assertions.assertTrue;

/** The experiments over the in-process transport on a planted heterogeneous network (virtual time), and what the estimation gets back. */
class LmoProtocolTest {

    @ParameterizedTest
    @ValueSource(ints = {4, 8, 16})
    void plantedParametersComeBackFromTheExperiments(int n) {
        Heterogeneity planted = PlantedNetworks.of(PlantedNetworks.Kind.BOTH, n, n, 2 << 20);
        double[] c = planted.fixedNanos();
        double[] t = planted.perByteNanos();
        double[][] ib = planted.linkNanosPerByte();
        int m = 1 << 20;
        AtomicReference<LmoExperiments> measured = new AtomicReference<>();
        long t0 = System.nanoTime();
        try (InProcessWorld world = InProcessWorld.onVirtualTime(n, EmulatedNetwork.none(), planted)) {
            world.run((rank, transport) -> LmoProtocol.run(transport, m, 1).ifPresent(measured::set), Duration.ofMinutes(2));
        }
        double seconds = (System.nanoTime() - t0) / 1e9;
        LmoParameters p = LmoEstimation.estimate(measured.get(), 2 << 20).parameters();
        StringBuilder report = new StringBuilder("n=" + n + " experiments " + String.format("%.2f s", seconds) + "\n");
        double worst = 0;
        for (int i = 0; i < n; i++) {
            double ec = p.c(i) / c[i] - 1;
            double et = p.t(i) / t[i] - 1;
            worst = Math.max(worst, Math.max(Math.abs(ec), Math.abs(et)));
            report.append(String.format("C_%d %.1f / %.1f (%+.2f %%), t_%d %.4f / %.4f (%+.2f %%)%n", i, p.c(i), c[i], 100 * ec, i, p.t(i), t[i], 100 * et));
            for (int j = i + 1; j < n; j++) {
                double eb = p.inverseBeta(i, j) / ib[i][j] - 1;
                worst = Math.max(worst, Math.abs(eb));
                report.append(String.format("  1/beta_%d%d %.4f / %.4f (%+.2f %%)%n", i, j, p.inverseBeta(i, j), ib[i][j], 100 * eb));
            }
        }
        System.out.print(report);
        assertTrue(worst <= 0.10, "every parameter within 10 %: worst " + worst + "\n" + report);
    }
}
