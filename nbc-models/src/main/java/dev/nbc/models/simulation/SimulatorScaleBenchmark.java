package dev.nbc.models.simulation;

import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

import java.util.concurrent.Callable;

import dev.nbc.core.algorithm.barrier.BarrierAlgorithm;
import dev.nbc.core.algorithm.bcast.BcastAlgorithm;
import dev.nbc.core.datatype.DataType;
import dev.nbc.models.loggp.LogGPParameters;

import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.util.Locale;

/**
 * Simulation speed and memory for P = 2^10 .. 2^maxExponent (default 20): the dissemination barrier
 * (P ceil(log2 P) messages) and a binomial broadcast of 8 bytes (P - 1 messages). Prints a Markdown
 * table for docs/models.md. Times include building every rank's schedule with nbc-core (on demand),
 * which is part of the cost LogGOPSim reports separately. Memory: "peak heap" is the sum of the heap
 * pools' peak usage during the run (reset after a GC before it; it includes garbage not yet
 * collected, so it depends on -Xmx and the collector), "retained" the heap in use after the run and
 * a GC while the result is still referenced (the per-rank result arrays). Run with a fixed -Xmx.
 *
 * <p>Usage: {@code java -cp ... dev.nbc.models.simulation.SimulatorScaleBenchmark [--max-exponent E]}
 */
@Command(name = "simulator-scale", mixinStandardHelpOptions = true,
        description = "Simulation speed and memory of the dissemination barrier and an 8 B binomial broadcast for P = 2^10 .. 2^E.")
public final class SimulatorScaleBenchmark implements Callable<Integer> {
    @Option(names = "--max-exponent", paramLabel = "E", defaultValue = "20", description = "Largest P = 2^E (default ${DEFAULT-VALUE}).")
    int maxExponent;

    public static void main(String[] args) {
        System.exit(new CommandLine(new SimulatorScaleBenchmark()).execute(args));
    }

    @Override
    public Integer call() {
        if (maxExponent < 10 || maxExponent > 30) {
            throw new CommandLine.ParameterException(new CommandLine(this), "--max-exponent: must be between 10 and 30, but was "
                    + maxExponent);
        }
        LogGPParameters p = new LogGPParameters(1000, 1500, 100, 0.5, 2, 0.25);
        ScheduleSimulator simulator = new ScheduleSimulator(SimulationConfig.of(p));
        // warm-up so the first row does not pay for JIT compilation
        simulator.run(ScheduleSource.barrier(BarrierAlgorithm.DISSEMINATION, 1 << 12));
        simulator.run(ScheduleSource.bcast(BcastAlgorithm.BINOMIAL, 1 << 12, 0, 8, DataType.BYTE, 0));
        System.out.println("| collective | P | messages | operations | time (s) | messages/s | operations/s "
                + "| peak heap (MB) | retained (MB) | max in flight | distinct schedules | predicted time (us) |");
        System.out.println("|---|---|---|---|---|---|---|---|---|---|---|---|");
        for (int e = 10; e <= maxExponent; e++) {
            int size = 1 << e;
            row(simulator, "barrier (dissemination)", ScheduleSource.barrier(BarrierAlgorithm.DISSEMINATION, size));
            row(simulator, "bcast (binomial, 8 B)", ScheduleSource.bcast(BcastAlgorithm.BINOMIAL, size, 0, 8, DataType.BYTE, 0));
        }
        return 0;
    }

    private static void row(ScheduleSimulator simulator, String name, ScheduleSource source) {
        Runtime runtime = Runtime.getRuntime();
        System.gc();
        for (MemoryPoolMXBean pool : ManagementFactory.getMemoryPoolMXBeans()) {
            pool.resetPeakUsage();
        }
        long start = System.nanoTime();
        SimulationResult result = simulator.run(source);
        double seconds = (System.nanoTime() - start) / 1e9;
        long peak = 0;
        for (MemoryPoolMXBean pool : ManagementFactory.getMemoryPoolMXBeans()) {
            if (pool.getType() == MemoryType.HEAP) {
                peak += pool.getPeakUsage().getUsed();
            }
        }
        System.gc();
        long heap = runtime.totalMemory() - runtime.freeMemory();
        System.out.printf(Locale.ROOT, "| %s | %d | %d | %d | %.2f | %.2e | %.2e | %d | %d | %d | %d | %.1f |%n",
                name, source.size(), result.messages(), result.operations(), seconds, result.messages() / seconds,
                result.operations() / seconds, peak >> 20, heap >> 20, result.maxMessagesInFlight(), result.distinctSchedules(),
                result.maxFinishTime() / 1000);
    }
}
