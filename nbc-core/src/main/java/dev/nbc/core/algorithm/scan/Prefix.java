package dev.nbc.core.algorithm.scan;

import dev.nbc.core.schedule.Algorithm;
import dev.nbc.core.datatype.DataType;
import dev.nbc.core.datatype.ReduceOp;
import dev.nbc.core.schedule.Schedule;
import dev.nbc.core.schedule.ScheduleBuilder;
import dev.nbc.core.schedule.Slots;

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
        if (size == 1) {
            // One rank: an inclusive prefix is the contribution, an exclusive one is undefined on
            // rank 0 (MPI leaves it alone); no scratch, so that the collective runs within its start.
            if (!exclusive && !inPlace) {
                builder.round().copy(Slots.INPUT, 0, Slots.OUTPUT, 0, bytes);
            }
        } else if (linear) {
            LinearScan.append(builder, shape);
        } else {
            RecursiveDoublingScan.append(builder, shape);
        }
        return builder.build();
    }
}
