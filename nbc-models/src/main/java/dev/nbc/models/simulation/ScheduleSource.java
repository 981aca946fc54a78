package dev.nbc.models.simulation;

import dev.nbc.core.algorithm.CollectiveDefinition;
import dev.nbc.core.algorithm.allreduce.AllreduceAlgorithm;
import dev.nbc.core.algorithm.barrier.BarrierAlgorithm;
import dev.nbc.core.algorithm.bcast.BcastAlgorithm;
import dev.nbc.core.datatype.DataType;
import dev.nbc.core.datatype.ReduceOp;
import dev.nbc.core.schedule.Algorithm;
import dev.nbc.core.schedule.Schedule;

import java.util.List;
import java.util.function.IntFunction;

/**
 * The P schedules of one collective, one per rank, handed out on demand. The simulator asks for
 * each rank's schedule once, in rank order, compiles it into shared rounds and drops it, so a
 * ten-million-rank run never holds ten million {@link Schedule} objects.
 */
public interface ScheduleSource {

    /** Number of ranks P. */
    int size();

    /** Rank {@code rank}'s schedule; must have {@code rank() == rank} and {@code size() == size()}. */
    Schedule schedule(int rank);

    /**
     * True if {@link #schedule} is a pure function of the rank that may run on another thread,
     * concurrently with the caller: the simulator then builds the schedules ahead on a second
     * thread while it compiles and simulates. nbc-core's builders are (the sources of
     * {@link #forCall}, {@link #barrier}, {@link #bcast}, {@link #allreduce}); a function handed to
     * {@link #of(int, IntFunction)} is not assumed to be.
     */
    default boolean buildsConcurrently() {
        return false;
    }

    /** Schedules built by {@code builder} for ranks 0..size-1, on demand. */
    static ScheduleSource of(int size, IntFunction<Schedule> builder) {
        return of(size, builder, false);
    }

    private static ScheduleSource of(int size, IntFunction<Schedule> builder, boolean pure) {
        if (size < 1) {
            throw new IllegalArgumentException("size: must be >= 1, but was " + size);
        }
        return new ScheduleSource() {
            @Override
            public int size() {
                return size;
            }

            @Override
            public Schedule schedule(int rank) {
                return builder.apply(rank);
            }

            @Override
            public boolean buildsConcurrently() {
                return pure;
            }
        };
    }

    /** Already built schedules; element r must be rank r's. */
    static ScheduleSource of(List<Schedule> schedules) {
        List<Schedule> copy = List.copyOf(schedules);
        return of(copy.size(), copy::get);
    }

    /**
     * Every rank's schedule of {@code algorithm} for a call whose blocks hold {@code count}
     * elements of {@code type} (the v-collectives and reduce_scatter, whose blocks differ, are
     * refused): root 0, not in place, broadcast segments of the selector's default size.
     *
     * @param op the reduction's operation; ignored by the collectives that reduce nothing
     */
    static ScheduleSource forCall(Algorithm algorithm, int size, int count, DataType type, ReduceOp op) {
        if (!algorithm.collective().hasEqualBlocks()) {
            throw new IllegalArgumentException("algorithm: " + algorithm.collective().label()
                    + " has blocks of different sizes; give its schedules with ScheduleSource.of");
        }
        CollectiveDefinition<?> definition = algorithm.collective().definition();
        return of(size, rank -> definition.uniformSchedule(algorithm, rank, size, count, type, op), true);
    }

    /** The dissemination barrier of nbc-core (the algorithm of equation (1)). */
    static ScheduleSource barrier(BarrierAlgorithm algorithm, int size) {
        return of(size, rank -> algorithm.build(rank, size), true);
    }

    /** A broadcast of {@code count} elements of {@code type} from {@code root}. */
    static ScheduleSource bcast(BcastAlgorithm algorithm, int size, int root, int count, DataType type, int segmentBytes) {
        return of(size, rank -> algorithm.build(rank, size, root, count, type, segmentBytes), true);
    }

    /** An allreduce of {@code count} elements of {@code type} with {@code op}. */
    static ScheduleSource allreduce(AllreduceAlgorithm algorithm, int size, int count, DataType type, ReduceOp op,
                                    boolean inPlace) {
        return of(size, rank -> algorithm.build(rank, size, count, type, op, inPlace), true);
    }
}
