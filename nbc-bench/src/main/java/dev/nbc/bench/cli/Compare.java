package dev.nbc.bench.cli;

import com.fasterxml.jackson.databind.JsonNode;
import dev.nbc.bench.report.ReportFile;
import dev.nbc.bench.spread.Comparison;
import dev.nbc.harness.cli.Checked;
import dev.nbc.harness.cli.OptionChecks;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

import java.nio.file.Path;
import java.util.concurrent.Callable;

/** {@code compare A.json B.json}: which points of two runs moved beyond their 95 % intervals (a regression check). */
@Command(name = "compare", mixinStandardHelpOptions = true,
        description = "Compare two runs' JSON reports point by point: a figure moved when the two runs' 95 %% intervals do not "
                + "overlap. Prints the figures that moved; exit 0 when at most --max-moved of the points moved, 1 otherwise.")
public final class Compare implements Callable<Integer>, Checked {
    /** Exit status when more points moved than allowed. */
    static final int EXIT_MOVED = 1;

    @Parameters(index = "0", paramLabel = "FIRST", description = "The earlier run's <name>.json.")
    Path first;

    @Parameters(index = "1", paramLabel = "SECOND", description = "The later run's <name>.json.")
    Path second;

    @Option(names = "--max-moved", paramLabel = "F", defaultValue = "0.1",
            description = "Largest share of points that may move (default ${DEFAULT-VALUE}).")
    double maxMoved;

    private JsonNode firstRows;
    private JsonNode secondRows;

    @Override
    public void check(OptionChecks checks) {
        checks.require(maxMoved >= 0 && maxMoved <= 1, "--max-moved", "between 0 and 1", maxMoved);
        checks.libraryCheck("FIRST", () -> firstRows = ReportFile.rows(first));
        checks.libraryCheck("SECOND", () -> secondRows = ReportFile.rows(second));
    }

    @Override
    public Integer call() {
        Comparison comparison = new Comparison(firstRows, secondRows);
        System.out.print(comparison.report());
        return comparison.movedPoints() <= maxMoved * comparison.points() ? 0 : EXIT_MOVED;
    }
}
