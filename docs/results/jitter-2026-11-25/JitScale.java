import dev.nbc.models.jitter.*;
import dev.nbc.models.simulation.DetourTrace;
import java.util.SplittableRandom;
public class JitScale {
    static double expectedMaxPoisson(double lambda, long n) {
        double sum = 0, pmf = Math.exp(-lambda), cdf = pmf;
        for (int k = 0; k < 1000 && cdf < 1; k++) { double tail = 1 - Math.pow(cdf, n); if (tail < 1e-15) break; sum += tail; pmf *= lambda / (k + 1); cdf += pmf; }
        return sum;
    }
    public static void main(String[] a) {
        double mu = 1000, d = 10, work = 2000; int rows = Integer.parseInt(a[0]);
        SplittableRandom random = new SplittableRandom(5);
        double[] jitter = new double[rows], gap = new double[rows];
        for (int i = 0; i < rows; i++) { jitter[i] = d; gap[i] = -mu * Math.log(1 - random.nextDouble()); }
        DetourTrace trace = JitterTuples.toTrace(jitter, gap);
        for (int k = 1; k < a.length; k++) {
            String[] pp = a[k].split(":"); int tasks = Integer.parseInt(pp[0]); int phases = Integer.parseInt(pp[1]); boolean tree = pp.length > 2;
            long t0 = System.nanoTime();
            JitterResult r = JitterSimulator.run(new JitterSimulation(trace, StartMode.RANDOM, null, tasks, phases, work, tree ? new TreeBarrier(500, 500, 1000) : null, 17));
            double secs = (System.nanoTime() - t0) / 1e9;
            double expected = d * expectedMaxPoisson(work / mu, tasks) / work;
            System.out.printf("P=%d phases=%d %s: slowdown %.5f, closed form %.5f (%+.2f %%), %.1f s, heap %d MB%n", tasks, phases, tree ? "tree" : "none", r.slowdown(), expected, 100 * (r.slowdown() / expected - 1), secs, (Runtime.getRuntime().totalMemory() - Runtime.getRuntime().freeMemory()) >> 20);
        }
    }
}
