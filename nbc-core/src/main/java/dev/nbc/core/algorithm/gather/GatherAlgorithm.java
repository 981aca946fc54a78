package dev.nbc.core.algorithm.gather;

import dev.nbc.core.schedule.Algorithm;
import dev.nbc.core.datatype.DataType;
import dev.nbc.core.schedule.Collective;
import dev.nbc.core.schedule.Schedule;
import dev.nbc.core.schedule.ScheduleBuilder;

/** The ways to build a gather to one root. */
public enum GatherAlgorithm implements Algorithm {
    /** Binomial tree ({@link BinomialGather}): ceil(log2 P) steps. */
    BINOMIAL,
    /** Every rank straight to the root ({@link LinearGather}): one step, P - 1 messages at the root. */
    LINEAR;

    @Override
    public Collective collective() {
        return Collective.GATHER;
    }

    /**
     * Builds rank {@code rank}'s schedule for gathering {@code count} elements of {@code type} from
     * every rank into {@code root}'s OUTPUT (P x count elements, rank r's at element r x count).
     * Every rank's block is in INPUT, except the root's when {@code inPlace} (MPI_IN_PLACE), which
     * is at its place in OUTPUT; other ranks have no OUTPUT.
     */
    public Schedule build(int rank, int size, int root, int count, DataType type, boolean inPlace) {
        int block = type.bytesFor(count);
        boolean atRoot = rank == root;
        GatherShape shape = new GatherShape(rank, size, root, block, atRoot && inPlace);
        ScheduleBuilder builder = new ScheduleBuilder(this, rank, size, root, count, type, null)
                .inputBytes(shape.inPlace() ? 0 : block)
                .outputBytes(atRoot ? size * block : 0);
        switch (this) {
            case BINOMIAL -> BinomialGather.append(builder, shape);
            case LINEAR -> LinearGather.append(builder, shape);
        }
        return builder.build();
    }
}
