package dev.nbc.models.jitter;

import java.util.function.IntConsumer;
import java.util.stream.IntStream;

/**
 * A step for every task of a range, on every core where the range is large: the simulation's
 * tasks are independent within a compute phase and within a level of the tree barrier.
 */
final class ParallelTasks {
    /** Tasks per parallel chunk: below this a range runs on the calling thread. */
    static final int CHUNK = 1 << 14;

    private ParallelTasks() {
    }

    /** {@code step} for tasks {@code from} to {@code to} - 1, each once; the calls for different tasks may run at once. */
    static void forEach(int from, int to, IntConsumer step) {
        if (to - from <= CHUNK) {
            for (int i = from; i < to; i++) {
                step.accept(i);
            }
            return;
        }
        IntStream.range(0, (to - from + CHUNK - 1) / CHUNK).parallel().forEach(c -> {
            for (int i = from + c * CHUNK, end = Math.min(to, i + CHUNK); i < end; i++) {
                step.accept(i);
            }
        });
    }
}
