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
public record PointKey(@Column("P") int processes, @Column("variant") String variant, @Column("collective") String collective,
                       @Column(value = "bytes", unit = "bytes") int bytes, @Column("algorithm") String algorithm) {
    /** The column of {@link #variant}. */
    public static final String VARIANT = "variant";
}
