package dev.nbc.bench.ops;

import dev.nbc.bench.report.Column;

/**
 * The columns that name a point in every benchmark's rows.
 *
 * @param processes  how many ranks ran the collective
 * @param variant    who ran it: nbc with or without progress thread, or the MPI library
 * @param collective the collective's label
 * @param bytes      the message size
 * @param algorithm  the algorithm that ran it
 */
public record PointKey(@Column(PointKey.P) int processes, @Column(PointKey.VARIANT) String variant,
                       @Column(PointKey.COLLECTIVE) String collective, @Column(value = PointKey.BYTES, unit = "bytes") int bytes,
                       @Column("algorithm") String algorithm) {
    /** The columns the summaries and plots select and group rows by. */
    public static final String P = "P";
    public static final String VARIANT = "variant";
    public static final String COLLECTIVE = "collective";
    public static final String BYTES = "bytes";
}
