package dev.nbc.models.assessment;

import java.util.List;

/**
 * The raw measurements of one parameter assessment between two ranks: one {@link SizeMeasurement}
 * per message size (ascending), Netgauge's n, the repetitions per timing, gamma, the time to
 * reduce (sum) one byte of doubles on the measuring rank, and the CPU-per-byte probe's data (null
 * when not measured, as on an emulated network, or in a file written before it existed).
 */
public record AssessmentData(int n, int repetitions, List<SizeMeasurement> sizes, double gammaNsPerByte,
                             CpuPerByte cpuPerByte) {

    public AssessmentData {
        if (n < 2) {
            throw new IllegalArgumentException("n: PRTT(n, d, s) needs n >= 2 messages, but was " + n);
        }
        sizes = List.copyOf(sizes);
        for (int i = 1; i < sizes.size(); i++) {
            if (sizes.get(i).bytes() <= sizes.get(i - 1).bytes()) {
                throw new IllegalArgumentException("sizes: must be strictly ascending, but " + sizes.get(i).bytes()
                        + " B follows " + sizes.get(i - 1).bytes() + " B");
            }
        }
    }

    /** Without the CPU-per-byte probe. */
    public AssessmentData(int n, int repetitions, List<SizeMeasurement> sizes, double gammaNsPerByte) {
        this(n, repetitions, sizes, gammaNsPerByte, null);
    }
}
