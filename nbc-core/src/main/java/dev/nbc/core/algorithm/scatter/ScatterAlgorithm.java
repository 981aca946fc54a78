package dev.nbc.core.algorithm.scatter;

import dev.nbc.core.schedule.Algorithm;
import dev.nbc.core.datatype.DataType;
import dev.nbc.core.schedule.Collective;
import dev.nbc.core.schedule.Schedule;
import dev.nbc.core.schedule.ScheduleBuilder;

/** The ways to build a scatter from one root. */
public enum ScatterAlgorithm implements Algorithm {
    /** Binomial tree ({@link BinomialScatter}): ceil(log2 P) steps. */
    BINOMIAL,
    /** The root straight to every rank ({@link LinearScatter}): one step, P - 1 messages from the root. */
    LINEAR;

    @Override
    public Collective collective() {
        return Collective.SCATTER;
    }

    /**
     * Builds rank {@code rank}'s schedule for sending block r of {@code root}'s INPUT (P x count
     * elements of {@code type}) to rank r's OUTPUT (count elements). With {@code inPlace}
     * (MPI_IN_PLACE at the root) the root's own block stays in its INPUT and it has no OUTPUT;
     * other ranks have no INPUT.
     */
    public Schedule build(int rank, int size, int root, int count, DataType type, boolean inPlace) {
        int block = type.bytesFor(count);
        boolean atRoot = rank == root;
        ScatterShape shape = new ScatterShape(rank, size, root, block, atRoot && inPlace);
        ScheduleBuilder builder = new ScheduleBuilder(this, rank, size, root, count, type, null)
                .inputBytes(atRoot ? size * block : 0)
                .outputBytes(shape.inPlace() ? 0 : block);
        switch (this) {
            case BINOMIAL -> BinomialScatter.append(builder, shape);
            case LINEAR -> LinearScatter.append(builder, shape);
        }
        return builder.build();
    }
}
