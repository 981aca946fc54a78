package dev.nbc.bench.report;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;

import java.io.IOException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** {"run": {...}, "rows": [{...}, ...]} with Jackson; NaN and infinities become null. */
public final class JsonWriter {
    private static final ObjectMapper MAPPER = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    private JsonWriter() {
    }

    public static String format(Map<String, Object> run, List<Map<String, Object>> rows) throws IOException {
        Map<String, Object> doc = new LinkedHashMap<>();
        doc.put("run", clean(run));
        doc.put("rows", rows.stream().map(JsonWriter::clean).toList());
        return MAPPER.writeValueAsString(doc);
    }

    private static Map<String, Object> clean(Map<String, Object> row) {
        Map<String, Object> out = new LinkedHashMap<>();
        row.forEach((k, v) -> out.put(k, v instanceof Double d && (d.isNaN() || d.isInfinite()) ? null : v));
        return out;
    }

    public static ObjectMapper mapper() {
        return MAPPER;
    }
}
