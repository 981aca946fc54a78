package dev.nbc.models.simulation;

import dev.nbc.models.loggp.LogGPParameters;

/**
 * What the simulator charges. {@code parameters.P()} is ignored: the schedule source gives P.
 *
 * @param parameters      L, o, g, G and gamma (ns, ns/byte)
 * @param copyCostPerByte CPU time per copied byte; by default gamma (a copy touches memory like a reduction)
 * @param noise           OS noise delaying CPU work; {@link CpuNoise#NONE} for none
 */
public record SimulationConfig(LogGPParameters parameters, double copyCostPerByte, CpuNoise noise) {

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
    }

    /** No noise, copies at gamma per byte. */
    public static SimulationConfig of(LogGPParameters parameters) {
        return new SimulationConfig(parameters, parameters.gamma(), CpuNoise.NONE);
    }

    public SimulationConfig withCopyCostPerByte(double costPerByte) {
        return new SimulationConfig(parameters, costPerByte, noise);
    }

    public SimulationConfig withNoise(CpuNoise cpuNoise) {
        return new SimulationConfig(parameters, copyCostPerByte, cpuNoise);
    }
}
