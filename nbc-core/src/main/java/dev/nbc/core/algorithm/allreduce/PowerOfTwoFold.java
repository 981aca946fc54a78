package dev.nbc.core.algorithm.allreduce;

import dev.nbc.core.schedule.ScheduleBuilder;
import dev.nbc.core.schedule.Slots;

/**
 * How the power-of-two algorithms serve any P (MPICH's scheme): with r = P - the largest power of
 * two below P, each even rank among the first 2r hands its contribution to the odd rank above it
 * and sits out; the remaining ranks play "new ranks" 0..2^k-1, each holding a contiguous range of
 * ranks in order; at the end every odd rank of the first 2r hands the result back.
 */
final class PowerOfTwoFold {
    final int powerOfTwo;
    final int remainder;
    /** This rank's new rank, or -1 if it sits out. */
    final int newRank;
    /** True if this rank received a contribution to fold in (into scratch slot {@code incoming}). */
    final boolean receivedContribution;

    private PowerOfTwoFold(int powerOfTwo, int remainder, int newRank, boolean receivedContribution) {
        this.powerOfTwo = powerOfTwo;
        this.remainder = remainder;
        this.newRank = newRank;
        this.receivedContribution = receivedContribution;
    }

    /**
     * Opens the first round and starts the hand-over, without a copy: a rank that hands its
     * contribution over sends it from where it is (INPUT, or OUTPUT in place) and later receives the
     * result into OUTPUT. The received contribution lands in {@code incoming}; the caller folds it
     * in, with the sender's range on the left, in a later round.
     */
    static PowerOfTwoFold begin(ScheduleBuilder builder, AllreduceShape shape, int incoming) {
        int rank = shape.rank();
        int powerOfTwo = Integer.highestOneBit(shape.size());
        int remainder = shape.size() - powerOfTwo;
        builder.round();
        if (rank >= 2 * remainder) {
            return new PowerOfTwoFold(powerOfTwo, remainder, rank - remainder, false);
        }
        if (rank % 2 == 0) {
            builder.send(shape.contributionSlot(), 0, shape.bytes(), rank + 1);
            return new PowerOfTwoFold(powerOfTwo, remainder, -1, false);
        }
        builder.receive(incoming, 0, shape.bytes(), rank - 1);
        return new PowerOfTwoFold(powerOfTwo, remainder, rank / 2, true);
    }

    /** The rank that plays new rank {@code newRank}. */
    int realRank(int newRank) {
        return newRank < remainder ? 2 * newRank + 1 : newRank + remainder;
    }

    /** Adds the final round: results go back to the ranks that sat out. */
    void end(ScheduleBuilder builder, AllreduceShape shape) {
        int rank = shape.rank();
        if (rank < 2 * remainder) {
            builder.round();
            if (rank % 2 == 0) {
                builder.receive(Slots.OUTPUT, 0, shape.bytes(), rank + 1);
            } else {
                builder.send(Slots.OUTPUT, 0, shape.bytes(), rank - 1);
            }
        }
    }
}
