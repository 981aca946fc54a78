package dev.nbc.bench.report;

import dev.nbc.bench.spread.Repeated;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Function;

/** A titled table of result rows in the text summary: columns with a header, a printf format and a cell. */
public final class SummaryTable {
    private final String title;
    private final List<Column> columns = new ArrayList<>();

    /** A column: its header, its printf format and how a row gives its cell. */
    public record Column(String format, String header, Function<Map<String, Object>, Object> cell) {
    }

    private SummaryTable(String title) {
        this.title = title;
    }

    /** A table that starts with the columns of most tables: P, variant, collective. */
    public static SummaryTable keyed(String title) {
        return new SummaryTable(title).text("%-3s", "P").text("%-11s", "variant").text("%-10s", "collective");
    }

    public static SummaryTable titled(String title) {
        return new SummaryTable(title);
    }

    /** A column showing a row's value as it is. */
    public SummaryTable text(String format, String column) {
        return column(new Column(format, column, r -> r.get(column)));
    }

    /** A column showing a row's number with 3 significant places, "-" where there is none. */
    public SummaryTable number(String format, String header, String column) {
        return column(new Column(format, header, r -> formatNumber(r.get(column))));
    }

    public SummaryTable column(Column column) {
        columns.add(column);
        return this;
    }

    /** Appends the table of {@code rows} to {@code sb}, nothing if there are none. */
    public void appendTo(StringBuilder sb, List<Map<String, Object>> rows) {
        if (rows.isEmpty()) {
            return;
        }
        List<Column> columns = new ArrayList<>(this.columns);
        if (rows.get(0).containsKey(Repeated.UNSTABLE)) {
            columns.add(new Column("%1s", "", r -> Boolean.TRUE.equals(r.get(Repeated.UNSTABLE)) ? "!" : ""));
        }
        String format = String.join(" ", columns.stream().map(Column::format).toList()) + "%n";
        sb.append('\n').append(title).append('\n');
        sb.append(String.format(format, columns.stream().map(Column::header).toArray()));
        for (Map<String, Object> row : rows) {
            sb.append(String.format(format, columns.stream().map(c -> c.cell().apply(row)).toArray()));
        }
    }

    /** A number with 3 significant places where small, none past 100 ("1108", "20.5", "3.14"); "-" for none. */
    public static String formatNumber(Object v) {
        Double d = Plots.number(v);
        return d == null ? "-" : String.format(Locale.ROOT, d >= 100 ? "%.0f" : d >= 10 ? "%.1f" : "%.2f", d);
    }
}
