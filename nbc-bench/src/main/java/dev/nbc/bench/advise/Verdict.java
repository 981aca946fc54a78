package dev.nbc.bench.advise;

import dev.nbc.bench.report.SummaryTable;
import dev.nbc.harness.cli.HeapBudget;

import java.util.Locale;

/**
 * Whether a collective is worth overlapping, at one size and one computation per iteration, in one
 * sentence: "at 1.0 MiB a blocking allreduce costs 1108 us; overlapped behind 5000 us of work it
 * costs 20.0 us; time per iteration 6108 -> 5020 us (1.22 x)". Times in microseconds.
 *
 * @param collective        the collective's name
 * @param bytes             a rank's block
 * @param blockingMicros    what the blocking collective costs an iteration
 * @param computeMicros     the computation per iteration
 * @param overlappedMicros  what the overlapped collective costs an iteration: its time beyond the computation
 */
public record Verdict(String collective, long bytes, double blockingMicros, double computeMicros, double overlappedMicros) {

    /** Blocking: computation and collective one after the other. */
    public double blockingIterationMicros() {
        return computeMicros + blockingMicros;
    }

    /** Overlapped: the computation and what the collective still costs beyond it. */
    public double overlappedIterationMicros() {
        return computeMicros + overlappedMicros;
    }

    /** Blocking over overlapped iteration time. */
    public double speedup() {
        return overlappedIterationMicros() > 0 ? blockingIterationMicros() / overlappedIterationMicros() : 1;
    }

    /** The sentence. */
    @Override
    public String toString() {
        return String.format(Locale.ROOT, "at %s a blocking %s costs %s us; overlapped behind %s us of work it costs %s us; "
                + "time per iteration %s -> %s us (%.2f x)", HeapBudget.format(bytes), collective, us(blockingMicros), us(computeMicros),
                us(overlappedMicros), us(blockingIterationMicros()), us(overlappedIterationMicros()), speedup());
    }

    private static String us(double micros) {
        return SummaryTable.formatNumber(micros);
    }
}
