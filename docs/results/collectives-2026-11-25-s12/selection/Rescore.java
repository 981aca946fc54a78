import dev.nbc.core.algorithm.Algorithms;
import dev.nbc.core.datatype.DataType;
import dev.nbc.core.datatype.ReduceOp;
import dev.nbc.core.schedule.Algorithm;
import dev.nbc.core.schedule.Collective;
import dev.nbc.models.assessment.ModelFile;
import dev.nbc.models.loggp.LogGPParameters;
import dev.nbc.models.selection.ModelAdvisor;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.*;

/** Re-scores the model's picks on measured grids with the per-message overhead raised by X ns for P > cores. */
public class Rescore {
    public static void main(String[] a) throws Exception {
        var model = ModelFile.load(Path.of(a[0]));
        double[] extras = Arrays.stream(a[1].split(",")).mapToDouble(Double::parseDouble).toArray();
        String which = a[2]; // "o" or "L"
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
                ModelAdvisor advisor = ModelAdvisor.of((procs, bytes) -> {
                    LogGPParameters q = model.loggp().parameters(procs, bytes);
                    return which.equals("o") ? new LogGPParameters(q.L(), q.o() + x, q.g(), q.G(), q.P(), q.gamma())
                            : new LogGPParameters(q.L() + x, q.o(), q.g(), q.G(), q.P(), q.gamma());
                });
                int hits = 0, n = 0;
                for (var e : points.entrySet()) {
                    String[] k = e.getKey().split(" ");
                    Collective c = Collective.parse(k[0]);
                    long bytes = Long.parseLong(k[1]);
                    Map<String, Double> measured = e.getValue();
                    if (measured.size() < 2) continue;
                    double best = Collections.min(measured.values());
                    Algorithm pick = advisor.advise(c, c.count(bytes, DataType.DOUBLE), DataType.DOUBLE, p, ReduceOp.SUM);
                    Double t = measured.get(pick.name());
                    n++;
                    if (t != null && t <= 1.1 * best) hits++;
                    else if (System.getenv("MISSES") != null && x == extras[extras.length - 1]) {
                        String fastest = measured.entrySet().stream().min(Map.Entry.comparingByValue()).get().getKey();
                        System.out.println("  miss " + e.getKey() + " pick " + pick.name() + " " + t + " fastest " + fastest + " " + best + " " + measured);
                    }
                }
                row.append(String.format(" %s+%.0f: %d/%d", which, x, hits, n));
            }
            System.out.println(row);
        }
    }
}
