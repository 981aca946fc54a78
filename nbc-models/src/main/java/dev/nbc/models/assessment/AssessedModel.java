package dev.nbc.models.assessment;

import dev.nbc.models.assessment.hockney.HockneyEstimate;
import dev.nbc.models.assessment.hockney.HockneyMethod;
import dev.nbc.models.assessment.netgauge.LogGPEstimate;
import dev.nbc.models.assessment.netgauge.NetgaugeMethod;
import dev.nbc.models.assessment.plogp.PLogPEstimate;
import dev.nbc.models.assessment.plogp.PLogPMethod;

/**
 * A transport's assessed performance model: LogGP by Netgauge's method, pLogP, Hockney, the raw
 * measurements they came from and where they were taken. This is what a model file holds
 * ({@link ModelFile}).
 */
public record AssessedModel(Provenance provenance, LogGPEstimate loggp, PLogPEstimate plogp,
                            HockneyEstimate hockney, AssessmentData data) {

    /** Runs the three methods on {@code data}. */
    public static AssessedModel analyse(Provenance provenance, AssessmentData data) {
        return new AssessedModel(provenance, NetgaugeMethod.analyse(data), PLogPMethod.analyse(data),
                HockneyMethod.analyse(data), data);
    }
}
