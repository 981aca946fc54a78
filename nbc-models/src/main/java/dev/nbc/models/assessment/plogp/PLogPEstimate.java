package dev.nbc.models.assessment.plogp;

import dev.nbc.models.assessment.Estimate;

import java.util.List;

/**
 * Kielmann's pLogP parameters: overheads and gap as functions of the message size m.
 *
 * @param table           one row per measured size: o_s(m), o_r(m), g(m) (ns medians)
 * @param sendOverhead    o_s at the smallest size, with the interquartile range of its timings
 * @param receiveOverhead o_r at the smallest size, likewise
 * @param sendPerByte     slope of o_s(m) over all sizes (ns per byte): how the sender's cost grows
 * @param receivePerByte  slope of o_r(m) over all sizes (ns per byte)
 */
public record PLogPEstimate(List<Row> table, Estimate sendOverhead, Estimate receiveOverhead,
                            Estimate sendPerByte, Estimate receivePerByte) {

    public PLogPEstimate {
        table = List.copyOf(table);
    }

    /** pLogP's functions at one size m (bytes); times in ns. */
    public record Row(long bytes, double sendOverhead, double receiveOverhead, double gap) {
    }
}
