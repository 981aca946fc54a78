package dev.nbc.models.simulation;

import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

import java.util.concurrent.Callable;

import dev.nbc.core.algorithm.Algorithms;
import dev.nbc.core.datatype.DataType;
import dev.nbc.core.datatype.ReduceOp;
import dev.nbc.core.schedule.Algorithm;
import dev.nbc.core.schedule.Collective;
import dev.nbc.models.loggp.LogGPParameters;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Simulation speed and memory: by default for P = 2^10 .. 2^maxExponent (default 20), the
 * dissemination barrier (P ceil(log2 P) messages) and a binomial broadcast of 8 bytes (P - 1
 * messages); {@code --algorithms}, {@code --sizes} and {@code --sizes-of-p} choose other
 * collectives, message sizes and P. Prints a Markdown table for docs/models.md. Times include
 * building every rank's schedule with nbc-core (on demand), which is part of the cost LogGOPSim
 * reports separately. Memory: "peak heap" is the sum of the heap pools' peak usage during the run
 * (reset after a GC before it; it includes garbage not yet collected, so it depends on -Xmx and the
 * collector), "retained" the heap in use after the run and a GC while the result is still
 * referenced (the per-rank result arrays), "peak RSS" the process's resident peak during the run
 * (Linux; the heap the JVM has taken stays resident, so it is at least the largest heap so far).
 * Run with a fixed -Xmx.
 *
 * <p>Usage: {@code java -cp ... dev.nbc.models.simulation.SimulatorScaleBenchmark [--max-exponent E]
 * [--sizes-of-p P,...] [--algorithms collective:algorithm,...] [--sizes BYTES,...]}
 */
@Command(name = "simulator-scale", mixinStandardHelpOptions = true,
        description = "Simulation speed and memory of nbc-core's collectives, by default the dissemination barrier and an 8 B binomial broadcast for P = 2^10 .. 2^E.")
public final class SimulatorScaleBenchmark implements Callable<Integer> {
    @Option(names = "--max-exponent", paramLabel = "E", defaultValue = "20", description = "Largest P = 2^E (default ${DEFAULT-VALUE}).")
    int maxExponent;

    @Option(names = "--sizes-of-p", paramLabel = "P", split = ",",
            description = "The numbers of ranks, any (e.g. 1000000,10000000), instead of 2^10 .. 2^E.")
    List<Integer> sizesOfP;

    @Option(names = "--algorithms", paramLabel = "COLLECTIVE:ALGORITHM", split = ",",
            defaultValue = "barrier:dissemination,bcast:binomial",
            description = "The collectives' algorithms, as nbc-core names them (default ${DEFAULT-VALUE}; e.g. allreduce:recursive-doubling, allreduce:rabenseifner).")
    List<String> algorithmNames;

    @Option(names = "--sizes", paramLabel = "BYTES", split = ",", defaultValue = "8",
            description = "Message sizes in bytes, each rank's block (default ${DEFAULT-VALUE}; the barrier has none).")
    List<Long> sizes;

    public static void main(String[] args) {
        System.exit(new CommandLine(new SimulatorScaleBenchmark()).execute(args));
    }

    @Override
    public Integer call() {
        CommandLine commandLine = new CommandLine(this);
        if (maxExponent < 10 || maxExponent > 30) {
            throw new CommandLine.ParameterException(commandLine, "--max-exponent: must be between 10 and 30, but was "
                    + maxExponent);
        }
        List<Integer> ranks = new ArrayList<>();
        if (sizesOfP == null) {
            for (int e = 10; e <= maxExponent; e++) {
                ranks.add(1 << e);
            }
        } else {
            for (int p : sizesOfP) {
                if (p < 1) {
                    throw new CommandLine.ParameterException(commandLine, "--sizes-of-p: must be >= 1, but was " + p);
                }
                ranks.add(p);
            }
        }
        List<Algorithm> algorithms = new ArrayList<>();
        for (String name : algorithmNames) {
            algorithms.add(parse(commandLine, name));
        }
        for (long bytes : sizes) {
            if (bytes < 1 || bytes > Integer.MAX_VALUE) {
                throw new CommandLine.ParameterException(commandLine, "--sizes: must be between 1 and " + Integer.MAX_VALUE
                        + " bytes, but was " + bytes);
            }
        }
        LogGPParameters p = new LogGPParameters(1000, 1500, 100, 0.5, 2, 0.25);
        ScheduleSimulator simulator = new ScheduleSimulator(SimulationConfig.of(p));
        // warm-up so the first row does not pay for JIT compilation
        for (Algorithm algorithm : algorithms) {
            simulator.run(source(algorithm, 1 << 12, sizes.get(0)));
        }
        System.out.println("| collective | P | messages | operations | time (s) | messages/s | operations/s "
                + "| peak heap (MB) | retained (MB) | peak RSS (MB) | max in flight | distinct schedules | predicted time (us) |");
        System.out.println("|---|---|---|---|---|---|---|---|---|---|---|---|---|");
        for (int size : ranks) {
            for (Algorithm algorithm : algorithms) {
                if (algorithm.collective() == Collective.BARRIER) {
                    row(simulator, name(algorithm, -1), source(algorithm, size, 0));
                    continue;
                }
                for (long bytes : sizes) {
                    row(simulator, name(algorithm, bytes), source(algorithm, size, bytes));
                }
            }
        }
        return 0;
    }

    private static Algorithm parse(CommandLine commandLine, String name) {
        int colon = name.indexOf(':');
        if (colon < 0) {
            throw new CommandLine.ParameterException(commandLine, "--algorithms: '" + name
                    + "' must be collective:algorithm, e.g. allreduce:rabenseifner");
        }
        try {
            Collective collective = Collective.parse(name.substring(0, colon));
            if (!collective.hasEqualBlocks()) {
                throw new IllegalArgumentException(collective.label() + " has blocks of different sizes");
            }
            return Algorithms.parse(collective, name.substring(colon + 1));
        } catch (IllegalArgumentException e) {
            throw new CommandLine.ParameterException(commandLine, "--algorithms: " + e.getMessage());
        }
    }

    /** Every rank's schedule of a call with blocks of {@code bytes} bytes, root 0 ({@link ScheduleSource#forCall}). */
    private static ScheduleSource source(Algorithm algorithm, int size, long bytes) {
        Collective collective = algorithm.collective();
        return ScheduleSource.forCall(algorithm, size, collective.count(bytes, DataType.BYTE), DataType.BYTE, ReduceOp.SUM);
    }

    /** "barrier (dissemination)", "bcast (binomial, 8 B)": the rows' names. */
    private static String name(Algorithm algorithm, long bytes) {
        String way = algorithm.name().toLowerCase(Locale.ROOT).replace('_', ' ');
        return algorithm.collective().label() + " (" + way + (bytes < 0 ? "" : ", " + bytes + " B") + ")";
    }

    private static void row(ScheduleSimulator simulator, String name, ScheduleSource source) {
        Runtime runtime = Runtime.getRuntime();
        System.gc();
        for (MemoryPoolMXBean pool : ManagementFactory.getMemoryPoolMXBeans()) {
            pool.resetPeakUsage();
        }
        boolean rss = resetPeakResidentSet();
        long start = System.nanoTime();
        SimulationResult result = simulator.run(source);
        double seconds = (System.nanoTime() - start) / 1e9;
        long peakRss = rss ? peakResidentSetKiB() : -1;
        long peak = 0;
        for (MemoryPoolMXBean pool : ManagementFactory.getMemoryPoolMXBeans()) {
            if (pool.getType() == MemoryType.HEAP) {
                peak += pool.getPeakUsage().getUsed();
            }
        }
        System.gc();
        long heap = runtime.totalMemory() - runtime.freeMemory();
        System.out.printf(Locale.ROOT, "| %s | %d | %d | %d | %.2f | %.2e | %.2e | %d | %d | %s | %d | %d | %.1f |%n",
                name, source.size(), result.messages(), result.operations(), seconds, result.messages() / seconds,
                result.operations() / seconds, peak >> 20, heap >> 20, peakRss < 0 ? "n/a" : String.valueOf(peakRss >> 10),
                result.maxMessagesInFlight(), result.distinctSchedules(), result.maxFinishTime() / 1000);
    }

    /** Resets the process's peak resident set (Linux: "5" to /proc/self/clear_refs); false where that is not possible. */
    private static boolean resetPeakResidentSet() {
        try {
            Files.writeString(Path.of("/proc/self/clear_refs"), "5");
            return true;
        } catch (IOException | UnsupportedOperationException | SecurityException e) {
            return false;
        }
    }

    /** The process's peak resident set since the reset (VmHWM), in KiB; -1 if unknown. */
    private static long peakResidentSetKiB() {
        try {
            for (String line : Files.readAllLines(Path.of("/proc/self/status"))) {
                if (line.startsWith("VmHWM:")) {
                    return Long.parseLong(line.substring(6).trim().split("\\s+")[0]);
                }
            }
        } catch (IOException | NumberFormatException e) {
            return -1;
        }
        return -1;
    }
}
