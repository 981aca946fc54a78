package dev.nbc.bench.report;

import org.junit.jupiter.api.Test;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

class RowSchemaTest {

    record Counts(@Column("wakeups") Number wakeups, @Column("policy") String policy) {
    }

    record Row(@Column("P") int processes, Counts counts, @Column(value = "time_us", unit = "us") double time,
               @Column("note") String note) {
    }

    record Twice(@Column("P") int a, @Column("P") int b) {
    }

    @Test
    void theColumnsAreTheComponentsInOrderWithNestedRecordsInTheirPlace() {
        Map<String, Object> columns = RowSchema.columns(new Row(2, new Counts(3L, "shared"), 1.5, null));
        assertEquals(List.of("P", "wakeups", "policy", "time_us", "note"), List.copyOf(columns.keySet()));
        assertEquals(3L, columns.get("wakeups"));
        assertEquals(null, columns.get("note"), "a null value is a column without a value");
        assertEquals(List.of("P", "time_us", "note"), List.copyOf(RowSchema.columns(new Row(2, null, 1.5, "n")).keySet()),
                "a null part has no columns");
        assertThrows(IllegalStateException.class, () -> RowSchema.columns(new Twice(1, 2)));
    }

    @Test
    void aRowIsReadBackFromItsColumnsWithMediansWhereTheTypeTakesThem() {
        Row row = new Row(2, new Counts(3L, "shared"), 1.5, "n");
        assertEquals(row, RowSchema.fromColumns(Row.class, RowSchema.columns(row)));
        Map<String, Object> merged = new LinkedHashMap<>(RowSchema.columns(row));
        merged.put("wakeups", 3.5);
        merged.put("time_us", 2L);
        assertEquals(new Row(2, new Counts(3.5, "shared"), 2.0, "n"), RowSchema.fromColumns(Row.class, merged));
        merged.put("P", 2.0);
        assertEquals(2, RowSchema.fromColumns(Row.class, merged).processes(), "a whole median of a whole number stays whole");
        merged.put("P", 2.5);
        assertThrows(IllegalArgumentException.class, () -> RowSchema.fromColumns(Row.class, merged));
        merged.remove("wakeups");
        merged.remove("policy");
        merged.put("P", 2);
        assertEquals(null, RowSchema.fromColumns(Row.class, merged).counts());
    }
}
