package dev.nbc.core.algorithm;

import dev.nbc.core.Communicator;
import dev.nbc.core.datatype.DataType;
import dev.nbc.core.datatype.ReduceOp;
import dev.nbc.core.internal.PlannedCall;
import dev.nbc.core.schedule.Algorithm;
import dev.nbc.core.schedule.Collective;
import dev.nbc.core.schedule.Schedule;

import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.List;

/**
 * What code that handles any collective asks of one: its algorithms, its default choice, a call
 * and a schedule in the shape every collective has. Each collective's own class beside its
 * algorithms ({@code allreduce/Allreduce}, {@code bcast/Bcast}, ...; one per collective, as Open
 * MPI's libnbc has a file per collective) holds its argument rules, choice, cache key and build in
 * its {@code plan} method, and makes its definition from them; {@link Collective#definition()}
 * leads here, so that nothing switches on the collective.
 *
 * @param <A> the collective's enum of algorithms
 */
public final class CollectiveDefinition<A extends Enum<A> & Algorithm> {

    /** The algorithm a selector's thresholds pick for blocks of {@code count} elements. */
    @FunctionalInterface
    public interface Thresholds {
        Algorithm choose(AlgorithmSelector selector, int count, DataType type, int size, ReduceOp op);
    }

    /** The collective's {@code plan} for a call of the uniform shape ({@link #uniform}). */
    @FunctionalInterface
    public interface UniformCall<A> {
        PlannedCall plan(Communicator comm, ByteBuffer send, ByteBuffer receive, int count, DataType type, ReduceOp op, int root,
                         A algorithm);
    }

    /** Rank {@code rank}'s schedule of {@code algorithm} for the uniform shape, root 0, not in place. */
    @FunctionalInterface
    public interface UniformBuild<A> {
        Schedule build(A algorithm, int rank, int size, int count, DataType type, ReduceOp op);
    }

    /** How many blocks of the uniform call's count a buffer holds: one, or one per rank (a gather's result). */
    public enum Blocks {
        ONE, PER_RANK;

        /** The blocks on {@code size} ranks. */
        public int on(int size) {
            return this == ONE ? 1 : size;
        }
    }

    private final Class<A> algorithmType;
    private final Blocks sendBlocks;
    private final Blocks receiveBlocks;
    private final Thresholds thresholds;
    private final UniformCall<A> call;
    private final UniformBuild<A> build;
    private final boolean equalBlocks;

    private CollectiveDefinition(Class<A> algorithmType, boolean equalBlocks, Blocks sendBlocks, Blocks receiveBlocks,
                                 Thresholds thresholds, UniformCall<A> call, UniformBuild<A> build) {
        this.algorithmType = algorithmType;
        this.sendBlocks = sendBlocks;
        this.receiveBlocks = receiveBlocks;
        this.equalBlocks = equalBlocks;
        this.thresholds = thresholds;
        this.call = call;
        this.build = build;
    }

    /** A collective whose blocks all hold the same count: the selector chooses for it, and the models simulate it. */
    public static <A extends Enum<A> & Algorithm> CollectiveDefinition<A> equalBlocks(Class<A> algorithmType,
            Blocks sendBlocks, Blocks receiveBlocks, Thresholds thresholds, UniformCall<A> call, UniformBuild<A> build) {
        return new CollectiveDefinition<>(algorithmType, true, sendBlocks, receiveBlocks, thresholds, call, build);
    }

    /**
     * A collective whose calls give a count per rank (the v-collectives, reduce_scatter): its call
     * chooses among its algorithms, and its schedules are built from the layouts.
     */
    public static <A extends Enum<A> & Algorithm> CollectiveDefinition<A> blocksOfAnySize(Class<A> algorithmType,
            Blocks sendBlocks, Blocks receiveBlocks, UniformCall<A> call) {
        String label = algorithmType.getEnumConstants()[0].collective().label();
        return new CollectiveDefinition<>(algorithmType, false, sendBlocks, receiveBlocks,
                (selector, count, type, size, op) -> {
                    throw new IllegalArgumentException("collective: " + label + " has blocks of different sizes; its call"
                            + " chooses from them");
                },
                call,
                (algorithm, rank, size, count, type, op) -> {
                    throw new IllegalArgumentException("algorithm: " + label + " has blocks of different sizes; build its"
                            + " schedules from its layouts");
                });
    }

    public Collective collective() {
        return algorithmType.getEnumConstants()[0].collective();
    }

    /** True if every rank's block holds the same count (MPI's count argument); false if the call gives a count per rank. */
    public boolean hasEqualBlocks() {
        return equalBlocks;
    }

    /** This collective's algorithms, in their enum's order. */
    public List<Algorithm> algorithms() {
        return List.of(algorithmType.getEnumConstants());
    }

    /**
     * {@code algorithm} as one of this collective's (null stays null).
     *
     * @throws IllegalArgumentException if it is another collective's
     */
    public A own(Algorithm algorithm) {
        if (algorithm == null || algorithmType.isInstance(algorithm)) {
            return algorithmType.cast(algorithm);
        }
        throw new IllegalArgumentException("algorithm: " + algorithm.name() + " is a " + algorithm.collective().label()
                + " algorithm, not a " + collective().label() + " one");
    }

    /** {@code given}, or {@code selector}'s choice for a call whose blocks hold {@code count} elements. */
    public A chosen(A given, AlgorithmSelector selector, int count, DataType type, int size, ReduceOp op) {
        return given != null ? given : own(selector.choose(collective(), count, type, size, op));
    }

    /**
     * What {@code selector}'s thresholds pick for blocks of {@code count} elements
     * ({@link AlgorithmSelector#byThresholds}).
     *
     * @throws IllegalArgumentException for a collective whose blocks differ in size: its call chooses
     */
    public Algorithm byThresholds(AlgorithmSelector selector, int count, DataType type, int size, ReduceOp op) {
        return thresholds.choose(selector, count, type, size, op);
    }

    /**
     * A call in the shape every collective has: every rank's block holds {@code count} elements
     * (a v-collective's counts are all {@code count}, block r at displacement r x count), root
     * {@code root} where there is one, buffers laid out as MPI lays them out for that. What
     * programs that run any collective call ({@link Communicator#icollective}).
     *
     * @param algorithm one of this collective's algorithms, or null for the default choice
     */
    public PlannedCall uniform(Communicator comm, ByteBuffer send, ByteBuffer receive, int count, DataType type, ReduceOp op,
                               int root, Algorithm algorithm) {
        return call.plan(comm, send, receive, count, type, op, root, own(algorithm));
    }

    /**
     * Rank {@code rank}'s schedule of {@code algorithm} for {@link #uniform}'s shape, root 0, not in
     * place, broadcast segments of the default size: what the models simulate.
     *
     * @throws IllegalArgumentException for a collective whose blocks differ in size
     */
    public Schedule uniformSchedule(Algorithm algorithm, int rank, int size, int count, DataType type, ReduceOp op) {
        return build.build(own(algorithm), rank, size, count, type, op);
    }

    /** The blocks of {@code count} elements the uniform call's send buffer holds ({@link #uniform}). */
    public Blocks sendBlocks() {
        return sendBlocks;
    }

    /** The blocks of {@code count} elements the uniform call's receive buffer holds. */
    public Blocks receiveBlocks() {
        return receiveBlocks;
    }

    /** Every rank's count {@code count}: a uniform v-collective call's counts. */
    public static int[] uniformCounts(int count, int size) {
        int[] counts = new int[size];
        Arrays.fill(counts, count);
        return counts;
    }

    /** Rank r's block at r x count: a uniform v-collective call's displacements. */
    public static int[] uniformDisplacements(int count, int size) {
        int[] displacements = new int[size];
        for (int r = 0; r < size; r++) {
            displacements[r] = Math.multiplyExact(r, count);
        }
        return displacements;
    }
}
