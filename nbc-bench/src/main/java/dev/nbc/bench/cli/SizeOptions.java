package dev.nbc.bench.cli;

import dev.nbc.bench.ops.Sizes;
import dev.nbc.harness.cli.Checked;
import dev.nbc.harness.cli.OptionChecks;
import picocli.CommandLine.Option;

import java.util.List;

/** Options of the message-size sweeps. */
public final class SizeOptions implements Checked {
    /**
     * Buffers of the largest size that one rank holds at once: the operation's input and output,
     * the algorithm's scratch, and the transport's copy of a message in flight.
     */
    static final int BUFFERS_PER_RANK = 4;
    /** The largest message of a --quick sweep without --max-bytes. */
    private static final int QUICK_MAX_BYTES = 64 << 10;

    /** The largest message when --max-bytes is not given and the sweep is not --quick. */
    private final int defaultMaxBytes;

    @Option(names = "--min-bytes", paramLabel = "B", description = "Smallest message (default 8).")
    Integer minBytes;

    @Option(names = "--max-bytes", paramLabel = "B", description = "Largest message (default: per subcommand; --quick: 64 KiB).")
    Integer maxBytes;

    @Option(names = "--size-factor", paramLabel = "F", description = "Factor between sizes (default 2; --quick 8).")
    Integer factor;

    public SizeOptions(int defaultMaxBytes) {
        this.defaultMaxBytes = defaultMaxBytes;
    }

    /** The sweep as {@code all} gave it, with this benchmark's own default largest size. */
    void adopt(SizeOptions shared) {
        minBytes = shared.minBytes;
        maxBytes = shared.maxBytes;
        factor = shared.factor;
    }

    int maxBytes(Profile profile) {
        return profile.or(maxBytes, QUICK_MAX_BYTES, defaultMaxBytes);
    }

    /** The sweep's sizes: --min-bytes times --size-factor up to the largest, and the largest. */
    public List<Integer> sizes(Profile profile) {
        return Sizes.geometric(minBytes != null ? minBytes : 8, maxBytes(profile), profile.or(factor, 8, 2));
    }

    @Override
    public void check(OptionChecks checks) {
        checks.atLeast("--min-bytes", minBytes, 0);
        checks.atLeast("--max-bytes", maxBytes, 0);
        checks.atLeast("--size-factor", factor, 2);
        if (minBytes != null && maxBytes != null) {
            checks.require(minBytes <= maxBytes, "--min-bytes", "at most --max-bytes (" + maxBytes + ")", minBytes);
        }
        CommonOptions common = checks.options(CommonOptions.class);
        checkFitsHeap(checks, "--max-bytes", maxBytes(common.profile()), common.ranksPerProcess(checks.job()));
    }

    /** That {@code ranks} in this JVM can each hold {@link #BUFFERS_PER_RANK} messages of {@code bytes}. */
    public static void checkFitsHeap(OptionChecks checks, String option, long bytes, int ranks) {
        checks.fitsHeap(option, bytes, (double) BUFFERS_PER_RANK * ranks * bytes,
                BUFFERS_PER_RANK + " buffers x " + OptionChecks.ranksInThisJvm(ranks) + " x " + bytes + " B");
    }
}
