package dev.nbc.bench.cli;

import dev.nbc.bench.model.PlantedSet;
import dev.nbc.bench.report.CommandReport;
import dev.nbc.harness.cli.Checked;
import dev.nbc.harness.cli.OptionChecks;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

import java.io.IOException;
import java.util.List;
import java.util.Map;

/**
 * What the checks against planted parameters (model validate, model select) take alike: the sets,
 * the grid of in-process ranks and sizes they measure on, and their report, which this process
 * writes (the ranks are its threads, so no leader writes it for them).
 */
final class PlantedOptions implements Checked {
    @Option(names = "--sets", split = ",", paramLabel = "S", description = "Planted sets A, B, C, D (default all).")
    List<PlantedSet> sets;

    /** -P: in-process ranks; --bytes: message sizes. */
    @Mixin
    ModelGrid grid;

    @Mixin
    OutputOptions output;

    /** With the command's default -P and --bytes. */
    PlantedOptions(List<Integer> processes, List<Long> bytes) {
        this.grid = new ModelGrid(processes, bytes);
    }

    /** --sets, else all of them. */
    List<PlantedSet> sets() {
        return sets == null || sets.isEmpty() ? PlantedSet.standard() : sets;
    }

    /** --quick or not. */
    Profile profile() {
        return output.profile();
    }

    /** The report of {@code command}, whose ranks were in-process. */
    CommandReport report(String command) {
        return new CommandReport(command, Map.of("transport", "inprocess"));
    }

    /** Writes {@code report} into --out, as --name or else {@code defaultName}. */
    void write(CommandReport report, String defaultName) throws IOException {
        report.write(List.of(), output.out(), output.name(defaultName), "");
    }

    @Override
    public void check(OptionChecks checks) {
        grid.checkInProcess(checks);
        checks.writable(output.destination());
    }
}
