import dev.nbc.core.algorithm.allreduce.AllreduceAlgorithm;
import dev.nbc.core.algorithm.barrier.BarrierAlgorithm;
import dev.nbc.core.algorithm.bcast.BcastAlgorithm;
import dev.nbc.core.algorithm.gather.GatherAlgorithm;
import dev.nbc.core.algorithm.reduce.ReduceAlgorithm;
import dev.nbc.core.datatype.DataType;
import dev.nbc.core.datatype.ReduceOp;
import dev.nbc.core.schedule.Operation;
import dev.nbc.core.schedule.Round;
import dev.nbc.core.schedule.Schedule;
import dev.nbc.models.loggp.LogGPParameters;
import dev.nbc.models.simulation.ScheduleSimulator;
import dev.nbc.models.simulation.ScheduleSource;
import dev.nbc.models.simulation.SimulationConfig;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Writes nbc-core's schedules of one collective as a GOAL file for LogGOPSim, round by round as
 * the schedule simulator runs them, and prints nbc-models' prediction without and with the
 * receive-side gap.
 *
 * <p>usage: GoalCompare --collective gather|reduce|allreduce|bcast|barrier --sizes P,P,... --bytes m,m,...
 *           --L L --o o --g g --G G --gamma gamma --dir DIR
 * writes DIR/COLLECTIVE-P-m.goal per case and prints a line per case naming it.
 *
 * <p>The GOAL file: per rank, round k's local operations as {@code calc} (reduction gamma per
 * reduced byte, copy gamma per byte, rounded to whole ns; a chain), then its sends and receives,
 * each requiring the round's last calc, or, without one, every operation of round k - 1 (a round
 * starts when the previous one has completed). Messages of m = 0 are written as 1 byte (LogGOPSim's
 * (size-1)G would wrap around at 0; both give (m-1)G = 0). All tags 0: messages between a pair
 * match in order in both simulators.
 */
public final class GoalCompare {
    public static void main(String[] args) throws IOException {
        String collective = null;
        int[] sizes = {};
        int[] byteCounts = {};
        double L = 0, o = 0, g = 0, G = 0, gamma = 0;
        Path dir = null;
        for (int i = 0; i < args.length; i += 2) {
            String v = args[i + 1];
            switch (args[i]) {
                case "--collective" -> collective = v;
                case "--sizes" -> sizes = java.util.Arrays.stream(v.split(",")).mapToInt(Integer::parseInt).toArray();
                case "--bytes" -> byteCounts = java.util.Arrays.stream(v.split(",")).mapToInt(Integer::parseInt).toArray();
                case "--L" -> L = Double.parseDouble(v);
                case "--o" -> o = Double.parseDouble(v);
                case "--g" -> g = Double.parseDouble(v);
                case "--G" -> G = Double.parseDouble(v);
                case "--gamma" -> gamma = Double.parseDouble(v);
                case "--dir" -> dir = Path.of(v);
                default -> throw new IllegalArgumentException("unknown option " + args[i] + " (see the class comment)");
            }
        }
        for (int bytes : byteCounts) {
            for (int size : sizes) {
                run(collective, size, bytes, L, o, g, G, gamma, dir);
            }
        }
    }

    private static void run(String collective, int size, int bytes, double L, double o, double g, double G, double gamma, Path dir)
            throws IOException {
        ScheduleSource source = switch (collective) {
            case "gather" -> ScheduleSource.forCall(GatherAlgorithm.LINEAR, size, bytes, DataType.BYTE, ReduceOp.SUM);
            case "reduce" -> ScheduleSource.forCall(ReduceAlgorithm.BINOMIAL, size, bytes, DataType.BYTE, ReduceOp.SUM);
            case "allreduce" -> ScheduleSource.forCall(AllreduceAlgorithm.REDUCE_BCAST, size, bytes, DataType.BYTE, ReduceOp.SUM);
            case "bcast" -> ScheduleSource.bcast(BcastAlgorithm.BINOMIAL, size, 0, bytes, DataType.BYTE, 0);
            case "barrier" -> ScheduleSource.barrier(BarrierAlgorithm.DISSEMINATION, size);
            default -> throw new IllegalArgumentException("--collective: gather, reduce, allreduce, bcast or barrier, not " + collective);
        };
        Path goal = dir.resolve(collective + "-" + size + "-" + bytes + ".goal");
        Files.writeString(goal, goal(source, gamma));
        LogGPParameters p = new LogGPParameters(L, o, g, G, size, gamma);
        SimulationConfig config = SimulationConfig.of(p);
        double absorbed = new ScheduleSimulator(config).run(source).maxFinishTime();
        double serialised = new ScheduleSimulator(config.withReceiveGap()).run(source).maxFinishTime();
        System.out.printf("%s %s P=%d m=%d L=%s o=%s g=%s G=%s gamma=%s nbc-models %.0f nbc-models+receiveGap %.0f%n",
                goal.getFileName(), collective, size, bytes, fmt(L), fmt(o), fmt(g), fmt(G), fmt(gamma), absorbed, serialised);
    }

    private static String fmt(double x) {
        return x == Math.rint(x) ? Long.toString((long) x) : Double.toString(x);
    }

    static String goal(ScheduleSource source, double gamma) {
        StringBuilder out = new StringBuilder("num_ranks " + source.size() + "\n\n");
        for (int rank = 0; rank < source.size(); rank++) {
            Schedule schedule = source.schedule(rank);
            int element = schedule.type().sizeInBytes();
            out.append("rank ").append(rank).append(" {\n");
            int label = 0;
            List<Integer> previous = new ArrayList<>();
            for (Round round : schedule.rounds()) {
                List<Integer> current = new ArrayList<>();
                int lastCalc = -1;
                for (Operation op : round.local()) {
                    long cost;
                    if (op instanceof Operation.Reduce r) {
                        cost = Math.round((long) r.count() * element * gamma);
                    } else if (op instanceof Operation.Copy c) {
                        cost = Math.round(c.length() * gamma);
                    } else {
                        continue;
                    }
                    int l = ++label;
                    out.append("l").append(l).append(": calc ").append(cost).append('\n');
                    requires(out, l, lastCalc >= 0 ? List.of(lastCalc) : previous);
                    lastCalc = l;
                    current.add(l);
                }
                for (Operation op : round.communication()) {
                    int l;
                    if (op instanceof Operation.Send s) {
                        l = ++label;
                        out.append("l").append(l).append(": send ").append(Math.max(1, s.length())).append("b to ").append(s.peer())
                                .append(" tag 0\n");
                    } else if (op instanceof Operation.Receive r) {
                        l = ++label;
                        out.append("l").append(l).append(": recv ").append(Math.max(1, r.length())).append("b from ").append(r.peer())
                                .append(" tag 0\n");
                    } else {
                        continue;
                    }
                    requires(out, l, lastCalc >= 0 ? List.of(lastCalc) : previous);
                    current.add(l);
                }
                previous = current;
            }
            out.append("}\n\n");
        }
        return out.toString();
    }

    private static void requires(StringBuilder out, int label, List<Integer> on) {
        for (int d : on) {
            out.append("l").append(label).append(" requires l").append(d).append('\n');
        }
    }
}
