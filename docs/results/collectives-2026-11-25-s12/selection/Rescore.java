import dev.nbc.core.algorithm.Algorithms;
import dev.nbc.core.datatype.DataType;
import dev.nbc.core.datatype.ReduceOp;
import dev.nbc.core.schedule.Algorithm;
import dev.nbc.core.schedule.Collective;
import dev.nbc.models.assessment.ModelFile;
import dev.nbc.models.loggp.LogGPParameters;
import dev.nbc.models.selection.ModelAdvisor;
import dev.nbc.models.simulation.ScheduleSimulator;
import dev.nbc.models.simulation.ScheduleSource;
import dev.nbc.models.simulation.SimulationConfig;
import dev.nbc.models.simulation.SimulationResult;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.*;

/**
 * Re-scores another advisor's picks on grids already measured by NativeLatencyComparison (no new timings):
 *
 *   java -cp nbc-bench/target/nbc-bench.jar Rescore.java MODEL.json MODE X1,X2,... CORES FILE...
 *
 * MODE o or L: ModelAdvisor with o (or L) raised by X ns; shared: max(simulated finish, all ranks' CPU work / CORES)
 * + most rounds x X ns when P > CORES (X = 0: the CPU work alone), the rule ModelAdvisor.withSharedCores now has.
 * A pick is a hit when its measured time is within 10 % of the fastest measured at that point.
 */
public class Rescore {
    public static void main(String[] a) throws Exception {
        var model = ModelFile.load(Path.of(a[0]));
        String mode = a[1];
        double[] extras = Arrays.stream(a[2].split(",")).mapToDouble(Double::parseDouble).toArray();
        int cores = Integer.parseInt(a[3]);
        for (int f = 4; f < a.length; f++) {
            List<String> lines = Files.readAllLines(Path.of(a[f]));
            int p = Integer.parseInt(lines.get(0).split("[=,]")[1]);
            StringBuilder row = new StringBuilder(Path.of(a[f]).getFileName() + " P=" + p + ":");
            for (double x : extras) {
                int hits = 0, n = 0;
                for (var e : measured(lines).entrySet()) {
                    String[] k = e.getKey().split(" ");
                    Collective c = Collective.parse(k[0]);
                    if (!c.hasEqualBlocks() || e.getValue().size() < 2) continue;
                    long bytes = Long.parseLong(k[1]);
                    String pick = pick(model.loggp().parameters(p, bytes), mode, x, cores, c, p, c.count(bytes, DataType.DOUBLE),
                            e.getValue().keySet());
                    Double t = e.getValue().get(pick);
                    n++;
                    if (t != null && t <= 1.1 * Collections.min(e.getValue().values())) hits++;
                    else if (System.getenv("MISSES") != null && x == extras[extras.length - 1]) {
                        System.out.println("  miss " + e.getKey() + " pick " + pick + " " + e.getValue());
                    }
                }
                row.append(String.format(" %s+%.0f: %d/%d", mode, x, hits, n));
            }
            System.out.println(row);
        }
    }

    /** Per "collective bytes", each algorithm's nbc time (the third number from the end of its line). */
    static Map<String, Map<String, Double>> measured(List<String> lines) {
        Map<String, Map<String, Double>> points = new LinkedHashMap<>();
        for (String line : lines.subList(2, lines.size())) {
            String[] w = line.trim().split("\\s+");
            if (w.length < 6 || w[0].equals("barrier") || !Character.isDigit(w[1].charAt(0))) continue;
            points.computeIfAbsent(w[0] + " " + w[1], k -> new LinkedHashMap<>()).put(w[2], Double.parseDouble(w[w.length - 3]));
        }
        return points;
    }

    static String pick(LogGPParameters q, String mode, double x, int cores, Collective c, int p, int count, Set<String> measured) {
        if (!mode.equals("shared")) {
            LogGPParameters r = mode.equals("o") ? new LogGPParameters(q.L(), q.o() + x, q.g(), q.G(), p, q.gamma())
                    : new LogGPParameters(q.L() + x, q.o(), q.g(), q.G(), p, q.gamma());
            return ModelAdvisor.fromParameters(r).advise(c, count, DataType.DOUBLE, p, ReduceOp.SUM).name();
        }
        ScheduleSimulator sim = new ScheduleSimulator(SimulationConfig.of(q.withP(p)));
        String pick = null;
        double pickScore = Double.MAX_VALUE, pickCpu = Double.MAX_VALUE;
        for (Algorithm alg : Algorithms.of(c)) {
            if (!measured.contains(alg.name())) continue;
            var src = ScheduleSource.forCall(alg, p, count, DataType.DOUBLE, ReduceOp.SUM);
            SimulationResult res = sim.run(src);
            double cpu = 0;
            int rounds = 0;
            for (int rank = 0; rank < p; rank++) {
                cpu += res.cpuBusy(rank);
                rounds = Math.max(rounds, src.schedule(rank).rounds().size());
            }
            double score = p > cores ? Math.max(res.maxFinishTime(), cpu / cores) + rounds * x : res.maxFinishTime();
            if (score < pickScore * 0.99 || (score <= pickScore * 1.01 && cpu < pickCpu)) {
                pick = alg.name();
                pickScore = score;
                pickCpu = cpu;
            }
        }
        return pick;
    }
}
