package dev.nbc.models.simulation;

import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;

/**
 * A source's schedules in rank order, built and encoded ({@link CompiledSchedules#encode}) as the
 * simulator's first sweep takes them. Building them is the larger part of that sweep's work
 * (nbc-core allocates a few objects per operation), so a source that
 * {@linkplain ScheduleSource#buildsConcurrently() builds concurrently} and has many ranks is built
 * and encoded ahead on a second thread, in blocks of ranks, a bounded number of blocks ahead, and
 * the simulator only interns; other sources are built on the caller's thread as it asks.
 */
abstract class EncodedSchedules implements AutoCloseable {
    /** Fewer ranks than this are built on the caller's thread: a thread would cost more than it saves. */
    static final int CONCURRENT_FROM = 1 << 14;

    /** The encodings; a rank's starts at the offset {@link #next} returned for it. */
    int[] data = new int[0];

    static EncodedSchedules of(ScheduleSource source) {
        return source.buildsConcurrently() && source.size() >= CONCURRENT_FROM ? new Ahead(source) : new Inline(source);
    }

    /**
     * The offset in {@link #data} (which may have changed) of the next rank's encoding, rank 0's
     * first; {@code previousEnd} is where the previous rank's ended.
     */
    abstract int next(int previousEnd);

    @Override
    public void close() {
    }

    private static final class Inline extends EncodedSchedules {
        private final ScheduleSource source;
        private final IntList encoding = new IntList();
        private int rank;

        Inline(ScheduleSource source) {
            this.source = source;
        }

        @Override
        int next(int previousEnd) {
            encoding.clear();
            CompiledSchedules.encode(source.schedule(rank), rank, source.size(), encoding);
            rank++;
            data = encoding.array();
            return 0;
        }
    }

    private static final class Ahead extends EncodedSchedules {
        private static final int BLOCK = 1024;
        private static final int BLOCKS_AHEAD = 8;

        /** The encodings of a block of ranks, or what the source threw while building them. */
        private record Block(int[] data, int ranks, Throwable failure) {
        }

        private final BlockingQueue<Block> blocks = new ArrayBlockingQueue<>(BLOCKS_AHEAD);
        private final Thread builder;
        private int left;

        Ahead(ScheduleSource source) {
            int size = source.size();
            builder = new Thread(() -> {
                IntList encoding = new IntList();
                try {
                    for (int first = 0; first < size; first += BLOCK) {
                        int ranks = Math.min(BLOCK, size - first);
                        encoding.clear();
                        try {
                            for (int r = first; r < first + ranks; r++) {
                                CompiledSchedules.encode(source.schedule(r), r, size, encoding);
                            }
                        } catch (RuntimeException | Error e) {
                            blocks.put(new Block(null, 0, e));
                            return;
                        }
                        blocks.put(new Block(encoding.toArray(), ranks, null));
                    }
                } catch (InterruptedException e) {
                    // closed: the simulation ended before taking every schedule
                }
            }, "schedule-builder");
            builder.setDaemon(true);
            builder.start();
        }

        @Override
        int next(int previousEnd) {
            if (left > 0) {
                left--;
                return previousEnd;
            }
            Block block;
            try {
                block = blocks.take();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("interrupted while waiting for schedules", e);
            }
            if (block.failure() instanceof RuntimeException e) {
                throw e;
            }
            if (block.failure() instanceof Error e) {
                throw e;
            }
            data = block.data();
            left = block.ranks() - 1;
            return 0;
        }

        @Override
        public void close() {
            builder.interrupt();
        }
    }
}
