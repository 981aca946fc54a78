import dev.nbc.models.simulation.*;
import dev.nbc.models.jitter.NoiseTraceFiles;
import dev.nbc.models.loggp.LogGPParameters;
import dev.nbc.core.algorithm.barrier.BarrierAlgorithm;
import java.nio.file.Path;
public class OursDiss {
    public static void main(String[] a) {
        DetourTrace trace = NoiseTraceFiles.read(Path.of(a[0]), NoiseTraceFiles.Format.LOGGOPSIM);
        int samples = Integer.parseInt(a[1]);
        for (int i = 2; i < a.length; i++) {
            int p = Integer.parseInt(a[i]);
            LogGPParameters params = new LogGPParameters(1000, 500, 500, 0, p, 0);
            double quiet = new ScheduleSimulator(SimulationConfig.of(params)).run(ScheduleSource.barrier(BarrierAlgorithm.DISSEMINATION, p)).maxFinishTime();
            double[] t = new double[samples];
            for (int s = 0; s < samples; s++) {
                t[s] = new ScheduleSimulator(SimulationConfig.of(params).withNoise(DetourNoise.randomOffsets(trace, s + 1)))
                        .run(ScheduleSource.barrier(BarrierAlgorithm.DISSEMINATION, p)).maxFinishTime();
            }
            java.util.Arrays.sort(t);
            double mean = java.util.Arrays.stream(t).average().orElse(0);
            System.out.printf("nbc-models P=%d: no noise %.0f ns; with the trace: mean %.0f, median %.0f, p90 %.0f ns over %d random offsets%n", p, quiet, mean, t[samples / 2], t[samples * 9 / 10], samples);
        }
    }
}
