package dev.nbc.core.algorithm.scan;

import dev.nbc.core.schedule.Algorithm;
import dev.nbc.core.datatype.DataType;
import dev.nbc.core.datatype.ReduceOp;
import dev.nbc.core.schedule.Schedule;
import dev.nbc.core.schedule.ScheduleBuilder;

/** The schedule of an inclusive or exclusive prefix reduction, by either builder. */
final class Prefix {
    private Prefix() {
    }

    static Schedule build(Algorithm algorithm, boolean linear, boolean exclusive, int rank, int size, int count,
                          DataType type, ReduceOp op, boolean inPlace) {
        int bytes = type.bytesFor(count);
        ScanShape shape = new ScanShape(rank, size, count, bytes, exclusive, inPlace);
        ScheduleBuilder builder = new ScheduleBuilder(algorithm, rank, size, -1, count, type, op)
                .inputBytes(inPlace ? 0 : bytes)
                .outputBytes(bytes);
        if (linear) {
            LinearScan.append(builder, shape);
        } else {
            RecursiveDoublingScan.append(builder, shape);
        }
        return builder.build();
    }
}
