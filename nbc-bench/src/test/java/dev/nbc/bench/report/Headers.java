package dev.nbc.bench.report;

import dev.nbc.bench.spread.Figure;
import dev.nbc.bench.spread.Spread;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The CSV headers the benchmarks wrote before their rows were types ({@code headers/<name>.csv},
 * from in-process {@code --quick} runs), and the header a typed row is written with now.
 */
public final class Headers {
    private Headers() {
    }

    /** The header of {@code headers/<name>.csv}. */
    public static String fixture(String name) {
        try (InputStream in = Headers.class.getResourceAsStream("headers/" + name + ".csv")) {
            if (in == null) {
                throw new IllegalArgumentException("no header fixture " + name);
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8).strip();
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    /**
     * The CSV header of {@code row} written as a row of {@code benchmark} in a run whose columns
     * are those of {@code fixture} between its benchmark column and the row's own columns.
     */
    public static String written(String fixture, String benchmark, Record row) {
        List<String> columns = Arrays.asList(fixture(fixture).split(","));
        Map<String, Object> run = new LinkedHashMap<>();
        columns.subList(1, columns.size() - RowSchema.columns(row).size()).forEach(c -> run.put(c, "x"));
        Results results = new Results(run);
        results.add(benchmark, row);
        return CsvWriter.format(results.rows()).lines().findFirst().orElseThrow();
    }

    /** A spread over two runs with an interval for each of {@code figures}. */
    public static Spread spread(List<Figure> figures) {
        return new Spread(figures.stream().map(f -> new Spread.Interval(f.column(), 1, 2, 2, 0.5)).toList(), 2, List.of());
    }
}
