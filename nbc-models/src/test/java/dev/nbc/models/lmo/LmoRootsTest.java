package dev.nbc.models.lmo;

import dev.nbc.core.transport.inprocess.Heterogeneity;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * LMO composed in the order the root's schedule posts its messages predicts the linear scatter and
 * gather from any root, on the planted networks (virtual time): the parameters estimated from the
 * experiments, S, M1, M2, kappa1, kappa2 and the escalation level fitted to root 0's sweeps, and
 * then the predictions for roots 0, 1 and n - 1 set beside each root's own sweeps, every size
 * within 1 %: scatter below and above S, gather up to M1, between M1 and M2, above M2. Roots 0 and
 * 1 are the ends of the slow link, n - 1 the slow processor.
 */
class LmoRootsTest {
    private static final double TOLERANCE = 0.01;

    static Stream<Arguments> networks() {
        return Stream.of(PlantedNetworks.Kind.values()).flatMap(kind -> Stream.of(4, 8, 16).map(n -> Arguments.of(kind, n)));
    }

    @ParameterizedTest(name = "{0}, n = {1}")
    @MethodSource("networks")
    void everyRootIsPredictedWithinOnePercent(PlantedNetworks.Kind kind, int n) {
        Heterogeneity truth = PlantedRuns.network(kind, n);
        LmoParameters p = LmoEstimation.estimate(PlantedRuns.experiments(truth), PlantedRuns.SCATTER_THRESHOLD).parameters();
        LmoSweepFit rootZero = PlantedRuns.sweeps(truth, 0);
        LmoCollectives model = rootZero.composed(p, 0);
        StringBuilder report = new StringBuilder(kind + " n=" + n + ": S " + model.scatterThreshold() + ", M1 " + model.gatherSmall()
                + ", M2 " + model.gatherLarge() + ", kappa1 " + model.kappa1() + ", kappa2 " + model.kappa2() + ", escalation "
                + model.escalation() + " ns\n");
        double worst = 0;
        for (int root : new int[] {0, 1, n - 1}) {
            LmoSweepFit measured = root == 0 ? rootZero : PlantedRuns.sweeps(truth, root);
            // [scatter up to S, above S, gather up to M1, between M1 and M2, above M2]: the largest error and how many sizes
            double[] error = new double[5];
            int[] sizes = new int[5];
            double[] x = measured.scatterSizes();
            double[] times = measured.scatterTimes();
            for (int k = 0; k < x.length; k++) {
                int region = x[k] <= model.scatterThreshold() ? 0 : 1;
                error[region] = Math.max(error[region], Math.abs(model.scatterInOrder(root, x[k]) / times[k] - 1));
                sizes[region]++;
            }
            x = measured.gatherSizes();
            times = measured.gatherTimes();
            for (int k = 0; k < x.length; k++) {
                int region = x[k] <= model.gatherSmall() ? 2 : x[k] <= model.gatherLarge() ? 3 : 4;
                error[region] = Math.max(error[region], Math.abs(model.gatherInOrder(root, x[k]) / times[k] - 1));
                sizes[region]++;
            }
            report.append(String.format("  root %2d: scatter %.3f %% (%d sizes) / %.3f %% (%d), gather %.3f %% (%d) / %.3f %% (%d) / %.3f %% (%d)%n",
                    root, 100 * error[0], sizes[0], 100 * error[1], sizes[1], 100 * error[2], sizes[2], 100 * error[3], sizes[3],
                    100 * error[4], sizes[4]));
            for (int region = 0; region < error.length; region++) {
                assertTrue(sizes[region] >= 2, "every region has sizes\n" + report);
                worst = Math.max(worst, error[region]);
            }
        }
        System.out.print(report);
        assertTrue(worst <= TOLERANCE, "every size of every root within 1 %\n" + report);
    }
}
