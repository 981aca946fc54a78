package dev.nbc.bench.report;

import java.util.Map;

/**
 * A part of a result row whose columns are named by the run rather than by the row's type (the
 * intervals of the figures a benchmark repeats): it puts them itself, in order.
 */
public interface ColumnGroup {

    /** Puts its columns, in order, into {@code columns}. */
    void putColumns(Map<String, Object> columns);
}
