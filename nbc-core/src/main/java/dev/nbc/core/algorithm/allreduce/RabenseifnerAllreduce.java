package dev.nbc.core.algorithm.allreduce;

import dev.nbc.core.schedule.ScheduleBuilder;
import dev.nbc.core.schedule.Slots;

/**
 * Rabenseifner's allreduce: a reduce-scatter by recursive halving (step k exchanges half of the
 * part still being reduced with the partner differing in bit k, and combines the half kept), then
 * an allgather by recursive doubling that retraces the steps. 2 log2 P steps moving 2(P-1)/P of the
 * message per rank: the ring's bandwidth with logarithmic latency. Other P through
 * {@link PowerOfTwoFold}. Combines out of rank order: commutative
 * operations only.
 */
final class RabenseifnerAllreduce {
    private RabenseifnerAllreduce() {
    }

    static void append(ScheduleBuilder builder, AllreduceShape shape) {
        int rank = shape.rank();
        int count = shape.count();
        int elementBytes = shape.type().sizeInBytes();
        int bytes = shape.bytes();
        int incoming = builder.scratch(bytes);
        // the contribution is read where it is: no copy into OUTPUT (a rank that folds in hands it over from there)
        int contribution = shape.contributionSlot();
        PowerOfTwoFold fold = PowerOfTwoFold.begin(builder, shape, incoming);
        int powerOfTwo = fold.powerOfTwo;
        int newRank = fold.newRank;
        boolean foldPending = fold.receivedContribution;

        if (newRank >= 0 && powerOfTwo > 1) {
            // where the first halving reads this rank's partial result: its contribution, or OUTPUT
            // once a folded-in one is combined there
            int held = contribution;
            if (foldPending) {
                builder.round().reduce(incoming, 0, contribution, 0, Slots.OUTPUT, 0, count, true);
                held = Slots.OUTPUT;
            }
            // Blocks: the vector split in powerOfTwo nearly equal parts; [low, high) is the range
            // of blocks this rank is still responsible for.
            int low = 0, high = powerOfTwo;
            int[] lows = new int[Integer.numberOfTrailingZeros(powerOfTwo)];
            int[] highs = new int[lows.length];
            int step = 0;
            for (int mask = powerOfTwo >> 1; mask >= 1; mask >>= 1, step++) {
                int partner = fold.realRank(newRank ^ mask);
                int middle = low + (high - low) / 2;
                boolean keepLower = (newRank & mask) == 0;
                int keepLow = keepLower ? low : middle, keepHigh = keepLower ? middle : high;
                int giveLow = keepLower ? middle : low, giveHigh = keepLower ? high : middle;
                lows[step] = low;
                highs[step] = high;
                int keepOffset = blockOffset(keepLow, count, powerOfTwo);
                int keepCount = blockOffset(keepHigh, count, powerOfTwo) - keepOffset;
                int giveOffset = blockOffset(giveLow, count, powerOfTwo);
                int giveCount = blockOffset(giveHigh, count, powerOfTwo) - giveOffset;
                // the first halving sends and combines straight from the contribution: OUTPUT's half that
                // is given away is only written by the allgather, and nothing the partner read is rewritten
                int partial = step == 0 ? held : Slots.OUTPUT;
                builder.round()
                        .send(partial, giveOffset * elementBytes, giveCount * elementBytes, partner)
                        .receive(incoming, 0, keepCount * elementBytes, partner);
                builder.round().reduce(incoming, 0, partial, keepOffset * elementBytes, Slots.OUTPUT, keepOffset * elementBytes,
                        keepCount, partner < rank);
                low = keepLow;
                high = keepHigh;
            }
            // Allgather: undo the halvings in reverse, exchanging the part each side completed.
            for (int mask = 1; mask < powerOfTwo; mask <<= 1) {
                step--;
                int partner = fold.realRank(newRank ^ mask);
                int parentLow = lows[step], parentHigh = highs[step];
                int mineOffset = blockOffset(low, count, powerOfTwo);
                int mineCount = blockOffset(high, count, powerOfTwo) - mineOffset;
                int otherLow = low == parentLow ? high : parentLow;
                int otherHigh = low == parentLow ? parentHigh : low;
                int otherOffset = blockOffset(otherLow, count, powerOfTwo);
                int otherCount = blockOffset(otherHigh, count, powerOfTwo) - otherOffset;
                // The first exchange joins the round of the last reduction (local operations run
                // first), saving a round.
                if (mask > 1) {
                    builder.round();
                }
                builder.send(Slots.OUTPUT, mineOffset * elementBytes, mineCount * elementBytes, partner)
                        .receive(Slots.OUTPUT, otherOffset * elementBytes, otherCount * elementBytes, partner);
                low = parentLow;
                high = parentHigh;
            }
        } else if (newRank >= 0) {
            // one rank: the result is its contribution
            shape.copyInputToOutput(builder);
        }

        fold.end(builder, shape);
    }

    /** First element of block {@code block} of {@code blocks} nearly equal blocks. */
    private static int blockOffset(int block, int count, int blocks) {
        return block * (count / blocks) + Math.min(block, count % blocks);
    }
}
