package dev.nbc.models.simulation;

import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

import java.util.concurrent.Callable;

import dev.nbc.core.algorithm.allreduce.AllreduceAlgorithm;
import dev.nbc.core.algorithm.barrier.BarrierAlgorithm;
import dev.nbc.core.algorithm.bcast.BcastAlgorithm;
import dev.nbc.core.datatype.DataType;
import dev.nbc.core.datatype.ReduceOp;
import dev.nbc.core.schedule.Collective;
import dev.nbc.models.loggp.CollectiveEquations;
import dev.nbc.models.loggp.LogGPParameters;

import java.util.Locale;

/**
 * Puts the simulator next to equations (1)-(3) for the algorithms the equations assume
 * (dissemination barrier, binomial broadcast, binomial reduce + broadcast). Where they differ and
 * why is in docs/models.md; in short, with {@code g <= o + L} (the paper assumes o > L > g):
 *
 * <ul>
 * <li>the barrier agrees exactly for every P;</li>
 * <li>per message step the simulator charges {@code (m-1)G} (LogGP) where the paper charges
 *     {@code mG}, so for powers of two it is exactly {@code ceil(log2 P) * step(m)} with
 *     {@link #step}, i.e. {@code G ceil(log2 P)} below (3) and {@code 2 G ceil(log2 P)} below (2);</li>
 * <li>for other P the binomial trees are incomplete and the simulation lies between
 *     {@code (ceil(log2 P) - 1) step(m)} and {@code ceil(log2 P) step(m)}.</li>
 * </ul>
 * The root's back-to-back sends do not lengthen the broadcast: the deepest leaf is reached through
 * every parent's first send, and a later child of a parent hangs a shallower subtree, which holds
 * as long as a send's spacing {@code max(o, g + (m-1)G)} is at most one step.
 */
@Command(name = "equation-comparison", mixinStandardHelpOptions = true,
        description = "The simulator beside equations (1)-(3) for P = 2..64: the table of docs/models.md.")
public final class EquationComparison implements Callable<Integer> {
    @Option(names = "--bytes", paramLabel = "M", defaultValue = "1024", description = "Message size m (default ${DEFAULT-VALUE}).")
    long m;

    @Option(names = "--gap-ns", paramLabel = "G", defaultValue = "0", description = "Gap g between injections, ns (default ${DEFAULT-VALUE}).")
    double g;

    /**
     * One comparison. {@code lowerBound} and {@code upperBound} are {@code (k-1) step} and {@code k step}
     * with k = ceil(log2 P) (the barrier's are both the equation).
     */
    public record Row(Collective collective, int processes, long m, double equation, double simulated,
                      double lowerBound, double upperBound) {

        /** equation - simulated, ns. */
        public double difference() {
            return equation - simulated;
        }

        /** simulated / equation (1 for P = 1). */
        public double ratio() {
            return equation > 0 ? simulated / equation : 1.0;
        }
    }

    /**
     * The cost of one message step of the simulated algorithm under the simulator's conventions: the
     * paper's step with {@code (m-1)G} (0 for m = 0) for {@code mG}. Barrier {@code 2o + L},
     * broadcast {@code 2o + L + (m-1)G}, allreduce {@code 2 (2o + L + (m-1)G) + m gamma}.
     */
    public static double step(Collective collective, LogGPParameters p, long m) {
        double transfer = Math.max(m - 1, 0) * p.G();
        return switch (collective) {
            case BARRIER -> 2 * p.o() + p.L();
            case BCAST -> 2 * p.o() + p.L() + transfer;
            case ALLREDUCE -> 2 * (2 * p.o() + p.L() + transfer) + m * p.gamma();
            default -> throw new IllegalArgumentException("collective: the paper has no equation for " + collective);
        };
    }

    /**
     * Simulates the collective on {@code p.P()} ranks with {@code m} bytes (a barrier ignores m;
     * broadcast of m bytes from root 0; allreduce of m/4 INTs with SUM, in place so no copy is charged,
     * as equation (2) has none) and pairs it with its equation.
     */
    public static Row compare(Collective collective, LogGPParameters p, long m) {
        int size = p.P();
        ScheduleSource source;
        double equation;
        switch (collective) {
            case BARRIER -> {
                source = ScheduleSource.barrier(BarrierAlgorithm.DISSEMINATION, size);
                equation = CollectiveEquations.barrier(p);
            }
            case BCAST -> {
                source = ScheduleSource.bcast(BcastAlgorithm.BINOMIAL, size, 0, Math.toIntExact(m), DataType.BYTE, 0);
                equation = CollectiveEquations.bcast(p, m);
            }
            case ALLREDUCE -> {
                if (m % DataType.INT.sizeInBytes() != 0) {
                    throw new IllegalArgumentException("m: an allreduce of INTs needs a multiple of 4 bytes, but was " + m);
                }
                source = ScheduleSource.allreduce(AllreduceAlgorithm.REDUCE_BCAST, size,
                        Math.toIntExact(m / DataType.INT.sizeInBytes()), DataType.INT, ReduceOp.SUM, true);
                equation = CollectiveEquations.allreduce(p, m);
            }
            default -> throw new IllegalArgumentException("collective: " + collective);
        }
        double simulated = new ScheduleSimulator(SimulationConfig.of(p)).run(source).maxFinishTime();
        int k = CollectiveEquations.ceilLog2(size);
        double step = step(collective, p, collective == Collective.BARRIER ? 0 : m);
        if (collective == Collective.BARRIER) {
            return new Row(collective, size, 0, equation, simulated, equation, equation);
        }
        return new Row(collective, size, m, equation, simulated, Math.max(k - 1, 0) * step, k * step);
    }

    public static void main(String[] args) {
        System.exit(new CommandLine(new EquationComparison()).execute(args));
    }

    /** Prints the P = 2..64 table of docs/models.md. */
    @Override
    public Integer call() {
        if (m < 0 || !(g >= 0)) {
            throw new CommandLine.ParameterException(new CommandLine(this), "--bytes and --gap-ns: must be >= 0");
        }
        LogGPParameters base = new LogGPParameters(1000, 1500, g, 0.5, 2, 0.25);
        System.out.printf(Locale.ROOT, "L=%.0f o=%.0f g=%.0f G=%.2f gamma=%.2f (ns, ns/B), m=%d B%n%n",
                base.L(), base.o(), base.g(), base.G(), base.gamma(), m);
        System.out.println("| P | k | barrier eq (1) | sim | bcast eq (3) | sim | eq - sim | sim/eq "
                + "| allreduce eq (2) | sim | eq - sim | sim/eq |");
        System.out.println("|---|---|---|---|---|---|---|---|---|---|---|---|");
        for (int size = 2; size <= 64; size++) {
            LogGPParameters p = base.withP(size);
            Row barrier = compare(Collective.BARRIER, p, 0);
            Row bcast = compare(Collective.BCAST, p, m);
            Row allreduce = compare(Collective.ALLREDUCE, p, m);
            System.out.printf(Locale.ROOT, "| %d | %d | %.0f | %.0f | %.0f | %.0f | %.0f | %.3f | %.0f | %.0f | %.0f | %.3f |%n",
                    size, CollectiveEquations.ceilLog2(size), barrier.equation(), barrier.simulated(),
                    bcast.equation(), bcast.simulated(), bcast.difference(), bcast.ratio(),
                    allreduce.equation(), allreduce.simulated(), allreduce.difference(), allreduce.ratio());
        }
        return 0;
    }
}
