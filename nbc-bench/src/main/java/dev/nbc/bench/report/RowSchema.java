package dev.nbc.bench.report;

import java.lang.reflect.Constructor;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.RecordComponent;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A result row's record type read as columns: every component annotated {@link Column} is one
 * column, in component order; a record component without the annotation puts its own columns in
 * its place (none when it is null); a {@link ColumnGroup} puts the columns it names. The record's
 * components are the one place its column names are written down.
 */
public final class RowSchema {
    private RowSchema() {
    }

    /** The columns of {@code row} in order, as the CSV and JSON writers write them. */
    public static Map<String, Object> columns(Record row) {
        Map<String, Object> columns = new LinkedHashMap<>();
        putColumns(row, columns);
        return columns;
    }

    private static void putColumns(Record row, Map<String, Object> columns) {
        for (RecordComponent component : row.getClass().getRecordComponents()) {
            Object value = value(component, row);
            Column column = component.getAnnotation(Column.class);
            if (column != null) {
                if (columns.containsKey(column.value())) {
                    throw new IllegalStateException(row.getClass().getSimpleName() + ": column " + column.value() + " twice");
                }
                columns.put(column.value(), value);
            } else if (value instanceof ColumnGroup group) {
                group.putColumns(columns);
            } else if (value instanceof Record part) {
                putColumns(part, columns);
            } else if (value != null) {
                throw new IllegalStateException(row.getClass().getSimpleName() + "." + component.getName()
                        + ": neither a @Column, a record nor a ColumnGroup");
            }
        }
    }

    /**
     * The row of type {@code type} whose columns are {@code columns} (other columns ignored): the
     * inverse of {@link #columns} for rows without a {@link ColumnGroup}. A number goes into a
     * number component of any type, into an integral one only when it is whole; a nested record
     * none of whose columns are there is null.
     */
    public static <R extends Record> R fromColumns(Class<R> type, Map<String, Object> columns) {
        RecordComponent[] components = type.getRecordComponents();
        Object[] values = new Object[components.length];
        for (int i = 0; i < components.length; i++) {
            RecordComponent component = components[i];
            Column column = component.getAnnotation(Column.class);
            if (column != null) {
                values[i] = convert(type, column.value(), columns.get(column.value()), component.getType());
            } else if (component.getType().isRecord()) {
                @SuppressWarnings("unchecked")
                Class<? extends Record> part = (Class<? extends Record>) component.getType();
                values[i] = hasAnyColumn(part, columns) ? fromColumns(part, columns) : null;
            } else {
                throw new IllegalArgumentException(type.getSimpleName() + "." + component.getName()
                        + ": only @Column and record components can be read back from columns");
            }
        }
        try {
            Constructor<R> constructor = type.getDeclaredConstructor(
                    Arrays.stream(components).map(RecordComponent::getType).toArray(Class<?>[]::new));
            constructor.setAccessible(true);
            return constructor.newInstance(values);
        } catch (NoSuchMethodException | InstantiationException | IllegalAccessException e) {
            throw new IllegalStateException(type.getSimpleName() + ": no canonical constructor to call", e);
        } catch (InvocationTargetException e) {
            throw new IllegalStateException(type.getSimpleName() + ": " + e.getCause().getMessage(), e.getCause());
        }
    }

    private static boolean hasAnyColumn(Class<? extends Record> type, Map<String, Object> columns) {
        for (RecordComponent component : type.getRecordComponents()) {
            Column column = component.getAnnotation(Column.class);
            if (column != null ? columns.containsKey(column.value())
                    : component.getType().isRecord() && hasAnyColumn(component.getType().asSubclass(Record.class), columns)) {
                return true;
            }
        }
        return false;
    }

    private static Object convert(Class<?> type, String column, Object value, Class<?> target) {
        if (value == null) {
            if (target.isPrimitive()) {
                throw new IllegalArgumentException(type.getSimpleName() + ": column " + column + " has no value");
            }
            return null;
        }
        if (!(value instanceof Number n) || target == Number.class) {
            return value;
        }
        if (target == double.class || target == Double.class) {
            return n.doubleValue();
        }
        if (n.doubleValue() != Math.rint(n.doubleValue())) {
            throw new IllegalArgumentException(type.getSimpleName() + ": column " + column + " must be whole, but was " + n
                    + " (a column that may become a median of whole numbers is a Number)");
        }
        if (target == long.class || target == Long.class) {
            return n.longValue();
        }
        if (target == int.class || target == Integer.class) {
            return n.intValue();
        }
        return value;
    }

    private static Object value(RecordComponent component, Record row) {
        try {
            java.lang.reflect.Method accessor = component.getAccessor();
            accessor.setAccessible(true);
            return accessor.invoke(row);
        } catch (IllegalAccessException e) {
            throw new IllegalStateException(component.getName() + ": not readable", e);
        } catch (InvocationTargetException e) {
            throw new IllegalStateException(e.getCause());
        }
    }
}
