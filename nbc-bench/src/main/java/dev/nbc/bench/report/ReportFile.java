package dev.nbc.bench.report;

import com.fasterxml.jackson.databind.JsonNode;
import dev.nbc.bench.spread.Figure;
import dev.nbc.models.files.InputFiles;

import java.nio.file.Path;
import java.util.Iterator;
import java.util.Map;

/**
 * A run's JSON report ({@link JsonWriter}'s {@code <name>.json}) read back, as {@code compare}
 * does. A bad file is refused in one line naming the file, the row and column, and the rule
 * ({@link InputFiles}): not JSON, no {@code rows} array, a row that is not an object, a number
 * that is not finite or beyond {@link #MAX_MAGNITUDE}, a repetition count that is not a count.
 */
public final class ReportFile {
    /** Bound of any number in a report: times in ns or us, sizes in bytes and counts all stay far below it. */
    public static final double MAX_MAGNITUDE = 1e15;
    private static final String KIND = "an nbc-bench JSON report (<name>.json, with \"rows\")";

    private ReportFile() {
    }

    /** The {@code rows} array of the report in {@code file}. */
    public static JsonNode rows(Path file) {
        JsonNode rows = InputFiles.jsonObject(file, KIND).get("rows");
        if (rows == null || !rows.isArray()) {
            throw InputFiles.refusal(file, "rows: " + (rows == null ? "missing" : "must be an array, but was " + rows.getNodeType())
                    + " (expected " + KIND + ")");
        }
        for (int i = 0; i < rows.size(); i++) {
            JsonNode row = rows.get(i);
            if (!row.isObject()) {
                throw InputFiles.refusal(file, "rows[" + i + "]: must be an object (a row of columns), but was " + row);
            }
            for (Iterator<Map.Entry<String, JsonNode>> columns = row.fields(); columns.hasNext(); ) {
                Map.Entry<String, JsonNode> column = columns.next();
                checkValue(file, "rows[" + i + "]." + column.getKey(), column.getKey(), column.getValue());
            }
        }
        return rows;
    }

    private static void checkValue(Path file, String where, String column, JsonNode value) {
        if (!value.isNumber()) {
            return;
        }
        double v = value.asDouble();
        if (!(Math.abs(v) <= MAX_MAGNITUDE)) {
            throw InputFiles.refusal(file, where + ": must be " + InputFiles.range(-MAX_MAGNITUDE, MAX_MAGNITUDE) + ", but was " + value);
        }
        if (column.endsWith(Figure.RUNS) && !(value.canConvertToInt() && value.isIntegralNumber() && v >= 0)) {
            throw InputFiles.refusal(file, where + ": must be a count of runs (a whole number from 0), but was " + value);
        }
    }
}
