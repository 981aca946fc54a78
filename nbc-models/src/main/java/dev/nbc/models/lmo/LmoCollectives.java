package dev.nbc.models.lmo;

import java.util.Arrays;
import java.util.Comparator;

/**
 * Linear scatter and gather predicted by LMO (paper 001, section 3), root r to the other n - 1:
 * <ul>
 *   <li>scatter, M <= S (parallel): (n-1)(C_r + t_r M) + max_i (C_i + t_i M + M / beta_ri);
 *       M > S (serialised): (n-1)(C_r + t_r M) + sum_i (C_i + t_i M + M / beta_ri);</li>
 *   <li>gather, M <= M1: the parallel form + kappa_1 M; M > M2: the serialised form + kappa_2 M;
 *       between them the paper saw discrete escalations that no formula predicts (NaN here).</li>
 * </ul>
 *
 * <p>M1 is the last size before the gather's escalation (the paper's M_k, {@link LmoThresholds#gatherSmall}),
 * so it is a small size; M2 is the last escalated one.
 *
 * <p>Those are the paper's closed forms: the root's n - 1 sends (or receptions) first, then the
 * slowest branch (or all of them). They describe a root that finishes its part before any branch
 * runs. nbc's linear scatter and gather post every send (or receive) at once, so the root's later
 * sends overlap the first transfers and its receptions the later arrivals; {@link #scatterInOrder}
 * and {@link #gatherInOrder} compose the same point-to-point model (C, t, beta, S, M2) along the
 * order in which the root's schedule posts its messages ({@link LinearOrder}: rank order, the
 * root left out, for any root), which the closed forms bound from above by up to
 * (n - 2)(C_r + t_r M). Between M1 and M2 the composition adds the escalation level: the paper's
 * medium gathers sat on "a small number of discrete levels of escalation, that remain constant as
 * the message size increases", and one such level is a constant delay of every block.
 *
 * @param scatterThreshold S, bytes
 * @param gatherSmall      M1, bytes
 * @param gatherLarge      M2, bytes
 * @param kappa1           slope correction of small gathers, ns per byte
 * @param kappa2           slope correction of large gathers, ns per byte
 * @param escalation       the medium gathers' escalation level, ns ({@link LmoThresholds#escalationLevel}); NaN if not known
 */
public record LmoCollectives(LmoParameters parameters, double scatterThreshold, double gatherSmall, double gatherLarge,
                             double kappa1, double kappa2, double escalation) {

    public double scatter(int root, double m) {
        return rootPart(root, m) + (m <= scatterThreshold ? maxLeaf(root, m) : sumLeaves(root, m));
    }

    public double gather(int root, double m) {
        if (m <= gatherSmall) {
            return rootPart(root, m) + maxLeaf(root, m) + kappa1 * m;
        }
        if (m > gatherLarge) {
            return rootPart(root, m) + sumLeaves(root, m) + kappa2 * m;
        }
        return Double.NaN;
    }

    /** The slope of the parallel forms without kappa: (n-1) t_r + max over i != r of (t_i + 1/beta_ri), ns per byte. */
    public double parallelSlope(int root) {
        double max = 0;
        for (int i = 0; i < parameters.size(); i++) {
            if (i != root) {
                max = Math.max(max, parameters.t(i) + parameters.inverseBeta(root, i));
            }
        }
        return (parameters.size() - 1) * parameters.t(root) + max;
    }

    /** The slope of the serialised forms without kappa: (n-1) t_r + sum over i != r of (t_i + 1/beta_ri), ns per byte. */
    public double serialSlope(int root) {
        double sum = 0;
        for (int i = 0; i < parameters.size(); i++) {
            if (i != root) {
                sum += parameters.t(i) + parameters.inverseBeta(root, i);
            }
        }
        return (parameters.size() - 1) * parameters.t(root) + sum;
    }

    private double rootPart(int root, double m) {
        return (parameters.size() - 1) * (parameters.c(root) + parameters.t(root) * m);
    }

    private double leaf(int root, int i, double m) {
        return parameters.c(i) + parameters.t(i) * m + m * parameters.inverseBeta(root, i);
    }

    /** The slowest destination: max over i != root of C_i + t_i M + M / beta_ri. */
    double maxLeaf(int root, double m) {
        double max = 0;
        for (int i = 0; i < parameters.size(); i++) {
            if (i != root) {
                max = Math.max(max, leaf(root, i, m));
            }
        }
        return max;
    }

    /** All destinations in a row: sum over i != root. */
    double sumLeaves(int root, double m) {
        double sum = 0;
        for (int i = 0; i < parameters.size(); i++) {
            if (i != root) {
                sum += leaf(root, i, m);
            }
        }
        return sum;
    }

    /**
     * The linear scatter as nbc runs it, composed message by message in the order the root posts
     * them ({@link LinearOrder#scatter}): the root's CPU posts message k after message k - 1
     * (C_r + t_r M each); up to S every transfer (M / beta_ri) starts when its message is posted,
     * above S when the previous receiver has processed its message as well (a rendezvous: one
     * transfer at a time); receiver i then processes it (C_i + t_i M). The last receiver's end.
     */
    public double scatterInOrder(int root, double m) {
        double posted = 0;
        double previousDone = 0;
        double end = 0;
        for (int i : LinearOrder.scatter(root, parameters.size())) {
            posted += parameters.c(root) + parameters.t(root) * m;
            double start = m <= scatterThreshold ? posted : Math.max(posted, previousDone);
            double done = start + m * parameters.inverseBeta(root, i) + parameters.c(i) + parameters.t(i) * m;
            previousDone = done;
            end = Math.max(end, done);
        }
        return end;
    }

    /**
     * The linear gather as nbc runs it, composed message by message: every sender starts at once,
     * processes its block (C_i + t_i M) and sends it over its link (M / beta_ir); above M2 the
     * root's inbound link carries one block at a time, first come first served; the root receives
     * in the order it posted the receives, each block when it has arrived and the previous one is
     * processed (C_r + t_r M); kappa corrects the slope up to M1 and above M2 as in
     * {@link #gather}, and between M1 and M2 every block arrives the escalation level late, which delays the whole
     * composition by that level (the root is idle until the first block comes).
     */
    public double gatherInOrder(int root, double m) {
        if (m <= gatherSmall) {
            return gatherComposed(root, m) + kappa1 * m;
        }
        if (m > gatherLarge) {
            return gatherComposed(root, m) + kappa2 * m;
        }
        return gatherComposed(root, m) + escalation;
    }

    /**
     * {@link #gatherInOrder} without kappa or escalation, at any size: each block is ready after
     * its sender's C_i + t_i M; above M2 the root's inbound link carries one block at a time, first
     * come first served (equal times in the order of the root's receives); the root processes them
     * in the order of its receives ({@link LinearOrder#gather}).
     */
    public double gatherComposed(int root, double m) {
        int n = parameters.size();
        int[] order = LinearOrder.gather(root, n);
        double[] ready = new double[n];
        for (int i : order) {
            ready[i] = parameters.c(i) + parameters.t(i) * m;
        }
        // a stable sort: equal readiness keeps the order of the root's receives
        Integer[] byReadiness = Arrays.stream(order).boxed().toArray(Integer[]::new);
        Arrays.sort(byReadiness, Comparator.comparingDouble(i -> ready[i]));
        double[] arrived = new double[n];
        double linkFree = 0;
        for (int i : byReadiness) {
            double wire = m * parameters.inverseBeta(i, root);
            arrived[i] = m > gatherLarge ? (linkFree = Math.max(linkFree, ready[i]) + wire) : ready[i] + wire;
        }
        double processed = 0;
        for (int i : order) {
            processed = Math.max(processed, arrived[i]) + parameters.c(root) + parameters.t(root) * m;
        }
        return processed;
    }
}
