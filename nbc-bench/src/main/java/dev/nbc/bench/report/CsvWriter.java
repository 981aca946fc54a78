package dev.nbc.bench.report;

import java.util.List;
import java.util.Locale;
import java.util.Map;

/** RFC 4180 CSV: a header of every column seen, one line per row, empty cells for missing values. */
public final class CsvWriter {
    private CsvWriter() {
    }

    public static String format(List<Map<String, Object>> rows) {
        List<String> columns = Results.columns(rows);
        StringBuilder sb = new StringBuilder();
        sb.append(String.join(",", columns.stream().map(CsvWriter::escape).toList())).append('\n');
        for (Map<String, Object> row : rows) {
            for (int i = 0; i < columns.size(); i++) {
                if (i > 0) {
                    sb.append(',');
                }
                Object v = row.get(columns.get(i));
                sb.append(v == null ? "" : escape(cell(v)));
            }
            sb.append('\n');
        }
        return sb.toString();
    }

    static String cell(Object v) {
        if (v instanceof Double d) {
            if (d.isNaN() || d.isInfinite()) {
                return "";
            }
            return new java.math.BigDecimal(String.format(Locale.ROOT, "%.6g", d)).stripTrailingZeros().toPlainString();
        }
        return String.valueOf(v);
    }

    static String escape(String s) {
        if (s.contains(",") || s.contains("\"") || s.contains("\n") || s.contains("\r")) {
            return '"' + s.replace("\"", "\"\"") + '"';
        }
        return s;
    }
}
