package dev.nbc.bench.overlap;

import dev.nbc.core.check.CollectiveCheck;
import dev.nbc.core.progress.ProgressMode;
import dev.nbc.core.schedule.Collective;
import dev.nbc.harness.ranks.RankEnv;
import dev.nbc.harness.ranks.Session;
import dev.nbc.core.transport.Transport;
import dev.nbc.core.transport.inprocess.EmulatedNetwork;
import dev.nbc.models.assessment.AssessmentData;
import dev.nbc.models.assessment.measure.AssessmentPlan;
import dev.nbc.models.assessment.measure.AssessmentProtocol;
import dev.nbc.models.assessment.measure.GammaProbe;
import dev.nbc.models.assessment.measure.SendBufferProbe;
import dev.nbc.models.assessment.netgauge.LogGPEstimate;
import dev.nbc.models.assessment.netgauge.NetgaugeMethod;
import dev.nbc.models.loggp.LogGPParameters;
import dev.nbc.models.simulation.SimulationConfig;
import dev.nbc.models.loggp.CollectiveEquations;
import dev.nbc.models.prediction.Prediction;
import dev.nbc.models.prediction.CollectivePredictor;

import java.util.Optional;
import java.util.function.ToDoubleFunction;

/**
 * The LogGP-predicted overlap beside a measured one (nbc-models): the overlap potential
 * {@code 1 - t_CPU / t_total} of the paper's equations (4)-(6), and of the schedule simulator
 * running the schedule of the algorithm nbc's selector picks. Parameters are the planted ones of
 * an emulated network, or assessed on the transport under test with nbc-models' Netgauge method
 * ({@link #assess}), g and G then taken from the protocol region of each message size. The
 * simulator is given the send buffer assessed beside them ({@link SendBufferProbe}): a bcast root
 * whose 1 MiB the socket takes in 0.3-0.6 ms has no network time to hide, however long the
 * message then takes on the wire.
 */
public final class LogGPReference {
    /** Largest size of the quick assessment: past the eager limits, so the large-message region is fitted. */
    private static final int ASSESS_MAX_BYTES = 1 << 20;
    private static final int ASSESS_REPETITIONS = 9;

    private final LogGPParameters planted;
    private final LogGPEstimate assessed;
    private final int processes;
    private final long sendBufferBytes;

    private LogGPReference(LogGPParameters planted, LogGPEstimate assessed, int processes, long sendBufferBytes) {
        this.planted = planted;
        this.assessed = assessed;
        this.processes = processes;
        this.sendBufferBytes = sendBufferBytes;
    }

    /** The planted parameters of an emulated network, o the mean of o_s and o_r, gamma measured here. */
    public static LogGPReference planted(EmulatedNetwork n, int p) {
        return new LogGPReference(LogGPParameters.of(n, p, GammaProbe.measure()), null, p, 0);
    }

    /**
     * Assesses the transport under test, a session's, between ranks 0 and 1 (Netgauge PRTT, sizes
     * 1 B .. 1 MiB): the collectives' own, which need not be the control plane's (TCP sessions of
     * MPI ranks). Collective over the group; only rank 0's reference holds the result (the others'
     * give NaN), as only rank 0 writes rows.
     */
    public static LogGPReference assess(RankEnv env) {
        int p = env.size();
        if (p < 2) {
            return new LogGPReference(null, null, p, 0);
        }
        Optional<AssessmentData> data;
        double[] sendNanos;
        try (Session session = env.open(ProgressMode.MANUAL, CollectiveCheck.OFF)) {
            Transport transport = session.comm().transport();
            data = AssessmentProtocol.run(transport, AssessmentPlan.standard(ASSESS_MAX_BYTES, ASSESS_REPETITIONS), 0, null);
            sendNanos = SendBufferProbe.run(transport, AssessmentProtocol.TAGS);
        }
        env.control().barrier();
        LogGPEstimate estimate = data.map(NetgaugeMethod::analyse).orElse(null);
        long sendBuffer = estimate == null ? 0 : SendBufferProbe.bufferBytes(sendNanos,
                estimate.parameters(p, SendBufferProbe.SIZES[SendBufferProbe.SIZES.length - 1]).G()).orElse(0);
        return new LogGPReference(null, estimate, p, sendBuffer);
    }

    /** "planted", "assessed", or "none" (P = 1, or a rank that does not write). */
    public String source() {
        return planted != null ? "planted" : assessed != null ? "assessed" : "none";
    }

    /** The bytes of a message the sender's transport holds, assessed: the simulator's send buffer (0 for an emulated network). */
    public long sendBufferBytes() {
        return sendBufferBytes;
    }

    /** The parameters used for messages of {@code bytes} (null when there are none). */
    public LogGPParameters parameters(int bytes) {
        return planted != null ? planted : assessed != null ? assessed.parameters(processes, bytes) : null;
    }

    /** Equations (4)-(6): overlap potential in percent. */
    public double equationOverlap(Collective c, int bytes) {
        LogGPParameters p = parameters(bytes);
        return p == null || !CollectivePredictor.covered().contains(c) ? Double.NaN
                : 100 * CollectiveEquations.split(c, p, bytes).overlapPotential();
    }

    /** The simulator on nbc's default algorithm, with the send buffer: mean over ranks of 1 - cpuBusy / finish, percent. */
    public double simulatedOverlap(Collective c, int bytes) {
        return simulated(c, bytes, prediction -> 100 * prediction.overlapPotential());
    }

    /** The simulator on nbc's default algorithm: the last rank's finish time in microseconds. */
    public double simulatedMicros(Collective c, int bytes) {
        return simulated(c, bytes, prediction -> prediction.time() / 1e3);
    }

    /** A figure of the simulator's prediction; 0 on one rank, NaN without parameters or for a collective whose blocks differ. */
    private double simulated(Collective c, int bytes, ToDoubleFunction<Prediction> figure) {
        LogGPParameters p = parameters(bytes);
        if (p == null || !c.hasEqualBlocks()) {
            return Double.NaN;
        }
        return p.P() < 2 ? 0 : figure.applyAsDouble(CollectivePredictor.predict(SimulationConfig.of(p).withSendBuffer(sendBufferBytes), c, null, bytes));
    }
}
