package dev.nbc.examples.gradients;

import dev.nbc.examples.shared.Timings;

import java.io.PrintStream;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * The variants' step times as a table, one row per variant: the median, mean and p99 over the
 * timed steps of the slowest rank's time, the median of the backward pass's part of it, the
 * progress thread's CPU time per step, the speedups over the blocking variants (their median
 * over this one's), and the predictions beside ({@link StepPrediction}).
 *
 * @param fromParts the prediction from the measured parts
 * @param fromLogGP the prediction from LogGP parameters, or null when none were given
 */
record GradientsReport(List<Training.Run> runs, StepPrediction fromParts, StepPrediction fromLogGP) {

    void print(PrintStream out) {
        Optional<Training.Run> blocking = find(Variant.BLOCKING);
        Optional<Training.Run> library = find(Variant.MPI_BLOCKING);
        StringBuilder head = new StringBuilder(String.format(Locale.ROOT, "%-13s %9s %9s %9s %9s %9s", "variant", "median", "mean", "p99",
                "pass", "progress"));
        blocking.ifPresent(b -> head.append(String.format(Locale.ROOT, " %11s", "x blocking")));
        library.ifPresent(b -> head.append(String.format(Locale.ROOT, " %15s", "x mpi-blocking")));
        head.append(String.format(Locale.ROOT, " %17s", "predicted (parts)"));
        if (fromLogGP != null) {
            head.append(String.format(Locale.ROOT, " %17s", "predicted (LogGP)"));
        }
        out.printf(Locale.ROOT, "per step, ms: the slowest rank's time of each of %d steps; pass: the median of its backward pass "
                + "(to the last bucket ready); progress: the progress thread's CPU time per step (the largest rank's)%n",
                runs.get(0).millis().count());
        out.println(head);
        for (Training.Run run : runs) {
            Timings t = run.millis();
            StringBuilder line = new StringBuilder(String.format(Locale.ROOT, "%-13s %9.1f %9.1f %9.1f %9.1f %9.1f", run.variant().label(),
                    t.median(), t.mean(), t.percentile(99), run.passMillis().median(), run.progressCpuMillis()));
            blocking.ifPresent(b -> line.append(String.format(Locale.ROOT, " %10.2fx", b.millis().median() / t.median())));
            library.ifPresent(b -> line.append(String.format(Locale.ROOT, " %14.2fx", b.millis().median() / t.median())));
            line.append(String.format(Locale.ROOT, " %17.1f", fromParts.millis(run.variant())));
            if (fromLogGP != null) {
                line.append(String.format(Locale.ROOT, " %17.1f", fromLogGP.millis(run.variant())));
            }
            out.println(line);
        }
    }

    private Optional<Training.Run> find(Variant variant) {
        return runs.stream().filter(r -> r.variant() == variant).findFirst();
    }
}
