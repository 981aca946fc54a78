package dev.nbc.models.simulation;

import dev.nbc.models.loggp.LogGPParameters;

/**
 * What the simulator charges. {@code parameters.P()} is ignored: the schedule source gives P.
 *
 * @param parameters      L, o, g, G and gamma (ns, ns/byte)
 * @param copyCostPerByte CPU time per copied byte; by default gamma (a copy touches memory like a reduction)
 * @param noise           OS noise delaying CPU work; {@link CpuNoise#NONE} for none
 * @param receiveGap      receivers serialise too, by LogGOPSim's convention: a reception waits for the
 *                        receiver's CPU and for its receive-side gap, holds the CPU for o + (m-1)G
 *                        and keeps the next reception g + (m-1)G away ({@link ScheduleSimulator} has
 *                        the rules). Off by default: messages arriving at once are absorbed
 *                        together, each costing only its o
 * @param sendBufferBytes how much of a message the sender's transport holds for it (a socket buffer):
 *                        a send completes once no more than that is left to leave, not when its last
 *                        byte does; 0 (the default) is LogGP's rule
 */
public record SimulationConfig(LogGPParameters parameters, double copyCostPerByte, CpuNoise noise, boolean receiveGap,
                               long sendBufferBytes) {

    public SimulationConfig {
        if (parameters == null) {
            throw new IllegalArgumentException("parameters: must not be null");
        }
        if (!(copyCostPerByte >= 0) || Double.isInfinite(copyCostPerByte)) {
            throw new IllegalArgumentException("copyCostPerByte: must be finite and >= 0 ns/byte, but was " + copyCostPerByte);
        }
        if (noise == null) {
            throw new IllegalArgumentException("noise: must not be null (use CpuNoise.NONE)");
        }
        if (sendBufferBytes < 0) {
            throw new IllegalArgumentException("sendBufferBytes: must be >= 0, but was " + sendBufferBytes);
        }
    }

    /** Without a send buffer. */
    public SimulationConfig(LogGPParameters parameters, double copyCostPerByte, CpuNoise noise, boolean receiveGap) {
        this(parameters, copyCostPerByte, noise, receiveGap, 0);
    }

    /** Without the receive-side gap (the default). */
    public SimulationConfig(LogGPParameters parameters, double copyCostPerByte, CpuNoise noise) {
        this(parameters, copyCostPerByte, noise, false, 0);
    }

    /** No noise, copies at gamma per byte, no receive-side gap. */
    public static SimulationConfig of(LogGPParameters parameters) {
        return new SimulationConfig(parameters, parameters.gamma(), CpuNoise.NONE, false, 0);
    }

    public SimulationConfig withCopyCostPerByte(double costPerByte) {
        return new SimulationConfig(parameters, costPerByte, noise, receiveGap, sendBufferBytes);
    }

    public SimulationConfig withNoise(CpuNoise cpuNoise) {
        return new SimulationConfig(parameters, copyCostPerByte, cpuNoise, receiveGap, sendBufferBytes);
    }

    /** The same with receivers serialising their receptions by LogGOPSim's convention. */
    public SimulationConfig withReceiveGap() {
        return new SimulationConfig(parameters, copyCostPerByte, noise, true, sendBufferBytes);
    }

    /** The same with the sender's transport holding up to {@code bytes} of a message ({@link #sendBufferBytes}). */
    public SimulationConfig withSendBuffer(long bytes) {
        return new SimulationConfig(parameters, copyCostPerByte, noise, receiveGap, bytes);
    }
}
