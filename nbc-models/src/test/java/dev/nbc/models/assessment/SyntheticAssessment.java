package dev.nbc.models.assessment;

import dev.nbc.models.assessment.measure.AssessmentPlan;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/**
 * PRTT data as a LogGP machine would produce it (the formulas of the Netgauge method, with blocking
 * sends whose time grows by (s-1)G), optionally with multiplicative noise: the known truth the
 * analysis must give back.
 */
final class SyntheticAssessment {
    private SyntheticAssessment() {
    }

    static AssessmentData of(double L, double os, double or, double g, double G, int maxBytes, double noise, long seed) {
        AssessmentPlan plan = AssessmentPlan.standard(maxBytes, 10);
        Random random = new Random(seed);
        int n = plan.n();
        List<SizeMeasurement> sizes = new ArrayList<>();
        for (int s : plan.sizes()) {
            double wire = (s - 1) * G;
            double sendTime = os + wire;                              // a blocking send lasts until injected
            double prtt1 = 2 * (os + wire + L + or);
            double prttN = prtt1 + (n - 1) * (Math.max(os, g) + wire);
            double prttNd = prtt1 + (n - 1) * (sendTime + prtt1);
            sizes.add(new SizeMeasurement(s, spread(prtt1, noise, random), spread(prttN, noise, random),
                    spread(prttNd, noise, random), Math.round(prtt1), spread(sendTime, noise, random),
                    spread(or, noise, random)));
        }
        return new AssessmentData(n, plan.repetitions(), sizes, 0.25);
    }

    private static Spread spread(double value, double noise, Random random) {
        double v = value * (1 + noise * random.nextGaussian());
        return new Spread(v, v * 0.99, v * 1.01, 10);
    }
}
