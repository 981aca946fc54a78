package dev.nbc.bench.report;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * The column a record component of a result row is written as ({@link RowSchema}): its name in
 * the CSV header and the JSON rows, and its unit. A component without it is a record whose own
 * columns stand in its place, or a {@link ColumnGroup}.
 */
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.RECORD_COMPONENT)
public @interface Column {
    /** The column's name: "overlap_osu_pct". */
    String value();

    /** The unit of its numbers ("us", "%", "bytes"), empty for text, flags and plain counts. */
    String unit() default "";
}
