import dev.nbc.core.algorithm.Algorithms;
import dev.nbc.core.datatype.DataType;
import dev.nbc.core.datatype.ReduceOp;
import dev.nbc.core.schedule.Algorithm;
import dev.nbc.core.schedule.Collective;
import dev.nbc.models.assessment.ModelFile;
import dev.nbc.models.loggp.LogGPParameters;
import dev.nbc.models.simulation.ScheduleSimulator;
import dev.nbc.models.simulation.ScheduleSource;
import dev.nbc.models.simulation.SimulationConfig;
import dev.nbc.models.simulation.SimulationResult;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.*;

/** Picks by max(critical path, all ranks' CPU work / cores), o raised by X: ranks sharing cores. */
public class Shared {
    public static void main(String[] a) throws Exception {
        var model = ModelFile.load(Path.of(a[0]));
        double[] extras = Arrays.stream(a[1].split(",")).mapToDouble(Double::parseDouble).toArray();
        int cores = Integer.parseInt(a[2]);
        for (int f = 3; f < a.length; f++) {
            List<String> lines = Files.readAllLines(Path.of(a[f]));
            int p = Integer.parseInt(lines.get(0).split("[=,]")[1]);
            Map<String, Map<String, Double>> points = new LinkedHashMap<>();
            for (String line : lines.subList(2, lines.size())) {
                String[] w = line.trim().split("\\s+");
                if (w.length < 6 || w[0].equals("barrier") || !Character.isDigit(w[1].charAt(0))) continue;
                points.computeIfAbsent(w[0] + " " + w[1], k -> new LinkedHashMap<>()).put(w[2], Double.parseDouble(w[w.length - 3]));
            }
            StringBuilder row = new StringBuilder(Path.of(a[f]).getFileName() + " P=" + p + ":");
            for (double x : extras) {
                int hits = 0, n = 0;
                for (var e : points.entrySet()) {
                    String[] k = e.getKey().split(" ");
                    Collective c = Collective.parse(k[0]);
                    if (!c.hasEqualBlocks()) continue;
                    long bytes = Long.parseLong(k[1]);
                    Map<String, Double> measured = e.getValue();
                    if (measured.size() < 2) continue;
                    double best = Collections.min(measured.values());
                    LogGPParameters q = model.loggp().parameters(p, bytes);
                    LogGPParameters r = System.getenv("ADD_L") != null ? new LogGPParameters(q.L() + x, q.o(), q.g(), q.G(), p, q.gamma()) : new LogGPParameters(q.L(), q.o() + x, q.g(), q.G(), p, q.gamma());
                    ScheduleSimulator sim = new ScheduleSimulator(SimulationConfig.of(r));
                    String pick = null; double pickScore = Double.MAX_VALUE, pickCpu = Double.MAX_VALUE;
                    for (Algorithm alg : Algorithms.of(c)) {
                        if (!measured.containsKey(alg.name())) continue;
                        SimulationResult res = sim.run(ScheduleSource.forCall(alg, p, c.count(bytes, DataType.DOUBLE), DataType.DOUBLE, ReduceOp.SUM));
                        double cpu = 0;
                        for (int rank = 0; rank < p; rank++) cpu += res.cpuBusy(rank);
                        double score = p > cores ? Math.max(res.maxFinishTime(), cpu / cores) : res.maxFinishTime();
                        if (score < pickScore * 0.99 || (score <= pickScore * 1.01 && cpu < pickCpu)) { pick = alg.name(); pickScore = score; pickCpu = cpu; }
                    }
                    Double t = measured.get(pick);
                    n++;
                    if (t != null && t <= 1.1 * best) hits++;
                    else if (System.getenv("MISSES") != null && x == extras[extras.length - 1]) System.out.println("  miss " + e.getKey() + " pick " + pick + " " + measured);
                }
                row.append(String.format(" o+%.0f: %d/%d", x, hits, n));
            }
            System.out.println(row);
        }
    }
}
