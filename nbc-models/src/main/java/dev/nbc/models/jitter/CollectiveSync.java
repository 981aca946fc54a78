package dev.nbc.models.jitter;

import dev.nbc.core.datatype.DataType;
import dev.nbc.core.datatype.ReduceOp;
import dev.nbc.core.schedule.Algorithm;
import dev.nbc.models.loggp.LogGPParameters;
import dev.nbc.models.simulation.CpuNoise;
import dev.nbc.models.simulation.ScheduleSimulator;
import dev.nbc.models.simulation.ScheduleSource;
import dev.nbc.models.simulation.SimulationConfig;
import dev.nbc.models.simulation.SimulationResult;

/**
 * Any nbc collective as the synchronisation step (beyond jitSim, which has only its tree
 * barrier): the schedules nbc-core builds for {@code algorithm} on {@code count} elements, run
 * by the schedule simulator on LogGP {@code parameters}, each task entering it when it finished
 * computing and every CPU step (o, reductions, copies) paying the detours it meets. So "which
 * allreduce is least hurt by this machine's noise at 64 K tasks?" has an answer.
 */
public record CollectiveSync(Algorithm algorithm, int count, DataType type, LogGPParameters parameters) implements PhaseSync {

    public CollectiveSync {
        if (algorithm == null || type == null || parameters == null) {
            throw new IllegalArgumentException("algorithm, type and parameters: must not be null");
        }
        if (count < 0) {
            throw new IllegalArgumentException("count: must be >= 0, but was " + count);
        }
    }

    @Override
    public void run(double[] ready, CpuNoise noise, double[] next) {
        ScheduleSource source = ScheduleSource.forCall(algorithm, ready.length, count, type, ReduceOp.SUM);
        SimulationResult r = new ScheduleSimulator(SimulationConfig.of(parameters).withNoise(noise)).run(source, ready);
        for (int i = 0; i < next.length; i++) {
            next[i] = r.finishTime(i);
        }
    }

    @Override
    public String toString() {
        return algorithm.collective().label() + " " + algorithm.name().toLowerCase(java.util.Locale.ROOT) + " of " + count + " x " + type;
    }
}
