package dev.nbc.bench.overlap;

import dev.nbc.bench.report.Column;

/**
 * What the LogGP model predicts for an overlap point ({@link LogGPReference}): its parameters at
 * the point's size (null where the reference has none) and the overlap potential.
 *
 * @param source            where the parameters come from: planted (an emulated network) or assessed
 * @param latency           L, ns
 * @param overhead          o, ns
 * @param gap               g, ns
 * @param gapPerByte        G, ns per byte
 * @param gammaPerByte      the reduction's cost per byte, ns
 * @param equationOverlapPct the overlap potential by the equations, %
 * @param sendBufferBytes   the sender's buffer the simulator was given (assessed beside the parameters), bytes
 * @param simulatedOverlapPct the overlap potential by the simulator, %
 * @param simulatedMicros   the simulated time of the collective, us
 */
public record LogGPPrediction(@Column(LogGPPrediction.SOURCE) String source, @Column(value = "loggp_L_ns", unit = "ns") Double latency,
                              @Column(value = "loggp_o_ns", unit = "ns") Double overhead,
                              @Column(value = "loggp_g_ns", unit = "ns") Double gap,
                              @Column(value = "loggp_G_ns_per_byte", unit = "ns/byte") Double gapPerByte,
                              @Column(value = "loggp_gamma_ns_per_byte", unit = "ns/byte") Double gammaPerByte,
                              @Column(value = LogGPPrediction.EQUATION_OVERLAP_PCT, unit = "%") double equationOverlapPct,
                              @Column(value = "loggp_send_buffer_bytes", unit = "bytes") long sendBufferBytes,
                              @Column(value = LogGPPrediction.SIMULATED_OVERLAP_PCT, unit = "%") double simulatedOverlapPct,
                              @Column(value = LogGPPrediction.SIMULATED_US, unit = "us") double simulatedMicros) {
    static final String SOURCE = "loggp_source";
    static final String EQUATION_OVERLAP_PCT = "loggp_eq_overlap_pct";
    static final String SIMULATED_OVERLAP_PCT = "loggp_sim_overlap_pct";
    static final String SIMULATED_US = "loggp_sim_us";
}
