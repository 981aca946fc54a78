package dev.nbc.bench.netgauge.pattern;

import dev.nbc.core.algorithm.gather.GatherAlgorithm;
import dev.nbc.core.algorithm.scatter.ScatterAlgorithm;
import dev.nbc.core.datatype.DataType;
import dev.nbc.core.datatype.ReduceOp;
import dev.nbc.core.transport.inprocess.EmulatedNetwork;
import dev.nbc.models.loggp.LogGPParameters;
import dev.nbc.models.simulation.ScheduleSimulator;
import dev.nbc.models.simulation.ScheduleSource;
import dev.nbc.models.simulation.SimulationConfig;

/**
 * What nbc-models predicts for a time pattern's figure on an emulated LogGP network: the planted
 * parameters, and the schedule simulator with the network's receive-side convention, so that the
 * netgauge command can print the prediction beside every measurement on that network.
 * <ul>
 * <li>ping-pong, 1:1 (RTT/2) and ping-ping (an exchange): one message's one-way time,
 *     {@code o_s + (m-1)G + L + o_r} (pairs on NICs of their own do not meet);</li>
 * <li>n:1: the server's linear gather of the clients' messages and its one-byte replies, one
 *     after another (the slowest client's round);</li>
 * <li>1:n: the server's linear scatter of the message, and the slowest client's one-byte reply
 *     posted (o_s).</li>
 * </ul>
 */
public final class Prediction {
    private final EmulatedNetwork network;
    private final ScheduleSimulator simulator;

    public Prediction(EmulatedNetwork network) {
        this.network = network;
        LogGPParameters p = new LogGPParameters(network.L(), (network.oSend() + network.oReceive()) / 2, network.g(), network.G(), 2, 0);
        SimulationConfig config = SimulationConfig.of(p);
        this.simulator = new ScheduleSimulator(network.receiveGap() ? config.withReceiveGap() : config);
    }

    /** The predicted figure of {@code pattern} in ns, or NaN for a pattern without a time figure. */
    public double nanos(String pattern, int peers, int bytes) {
        return switch (pattern) {
            case "pingpong", "1:1", "pingping" -> network.oneWayNanos(bytes);
            case "n:1" -> linear(GatherAlgorithm.LINEAR, peers, bytes, true) + linear(ScatterAlgorithm.LINEAR, peers, 1, false);
            case "1:n" -> linear(ScatterAlgorithm.LINEAR, peers, bytes, false) + network.oSend();
            default -> Double.NaN;
        };
    }

    /** The simulated linear gather (its root's finish) or scatter (its last rank's) among a server and {@code clients}. */
    private double linear(dev.nbc.core.schedule.Algorithm algorithm, int clients, int bytes, boolean atRoot) {
        var result = simulator.run(ScheduleSource.forCall(algorithm, clients + 1, bytes, DataType.BYTE, ReduceOp.SUM));
        return atRoot ? result.finishTime(0) : result.maxFinishTime();
    }
}
