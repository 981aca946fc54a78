package dev.nbc.bench.cli;

import dev.nbc.harness.cli.ByteSizeConverter;
import dev.nbc.harness.cli.Checked;
import dev.nbc.harness.cli.OptionChecks;
import picocli.CommandLine.Option;

import java.util.List;

/** The process counts and message sizes a model subcommand covers: -P and --bytes, with the subcommand's defaults. */
public final class ModelGrid implements Checked {
    @Option(names = {"-P", "--processes"}, split = ",", paramLabel = "P", description = "Process counts (default ${DEFAULT-VALUE}).")
    List<Integer> processes;

    @Option(names = "--bytes", split = ",", paramLabel = "B", converter = ByteSizeConverter.class,
            description = "Message sizes, with k, m or g for KiB, MiB, GiB (default ${DEFAULT-VALUE}; the barrier is measured "
                    + "and predicted once per P).")
    List<Long> bytes;

    ModelGrid(List<Integer> processes, List<Long> bytes) {
        this.processes = processes;
        this.bytes = bytes;
    }

    /** Message sizes up to the largest int (buffers are indexed by int). */
    @Override
    public void check(OptionChecks checks) {
        for (long b : bytes) {
            checks.require(b >= 0 && b <= Integer.MAX_VALUE, "--bytes", "between 0 and " + Integer.MAX_VALUE, b);
        }
    }

    /** For in-process ranks: each -P a rank count this machine can run, and the largest --bytes fits the heap at the most ranks. */
    void checkInProcess(OptionChecks checks) {
        processes.forEach(p -> checks.rankCount("-P", p));
        int ranks = processes.stream().mapToInt(Integer::intValue).max().orElse(1);
        SizeOptions.checkFitsHeap(checks, "--bytes", largestBytes(), ranks);
    }

    long largestBytes() {
        return bytes.stream().mapToLong(Long::longValue).max().orElse(0);
    }
}
