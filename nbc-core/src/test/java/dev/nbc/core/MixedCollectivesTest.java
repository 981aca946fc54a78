package dev.nbc.core;

import dev.nbc.core.progress.IdleStrategy;
import dev.nbc.core.progress.ProgressEngine;
import dev.nbc.core.progress.ProgressMode;
import dev.nbc.core.testing.mixed.MixedCollectives;
import dev.nbc.core.testing.mixed.MixedCommunicators;
import dev.nbc.core.testing.mixed.MixedPlan;
import dev.nbc.core.testing.mixed.PlannedCall;
import dev.nbc.core.transport.inprocess.InProcessWorld;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * Many collectives in flight at once on four communicators of in-process ranks, with random
 * roots, counts, types, operations, algorithms, buffers and completion methods, under a progress
 * thread and without one, every result checked against the sequential reference
 * ({@link MixedCollectives}). The seed is new each run and printed; a failure names it, and
 * {@code -Dnbc.seed=N} runs the same again. {@code MixedCollectivesIT} runs the same over MPI.
 */
class MixedCollectivesTest {
    private static final long SEED = Long.getLong("nbc.seed", System.nanoTime());
    private static final MixedPlan PLAN = new MixedPlan(50, 48, 5000);

    @ParameterizedTest(name = "P = {0}")
    @ValueSource(ints = {1, 2, 3, 4, 5, 8})
    void manyCollectivesInFlightAgreeWithTheReference(int size) {
        System.out.println("MixedCollectivesTest: P = " + size + ", seed " + SEED + " (rerun: -Dnbc.seed=" + SEED + ")");
        for (ProgressMode mode : ProgressMode.values()) {
            try {
                run(size, mode);
            } catch (Throwable t) {
                throw new AssertionError("P = " + size + ", " + mode + ", seed " + SEED + " (rerun with -Dnbc.seed=" + SEED
                        + "): " + t.getMessage(), t);
            }
        }
    }

    private static void run(int size, ProgressMode mode) {
        int[] sizes = MixedCommunicators.sizes(size);
        List<List<PlannedCall>> plan = PLAN.draw(SEED, sizes);
        List<InProcessWorld> worlds = new ArrayList<>();
        for (int worldSize : sizes) {
            worlds.add(new InProcessWorld(worldSize));
        }
        try (ProgressEngine first = ProgressEngine.start(mode, IdleStrategy.BACKOFF);
             ProgressEngine second = ProgressEngine.start(mode, IdleStrategy.BACKOFF)) {
            ProgressEngine[] engines = {first, second};
            worlds.get(0).run((rank, transport) -> {
                List<Communicator> communicators = new ArrayList<>();
                for (int c = 0; c < sizes.length; c++) {
                    int rankInComm = MixedCommunicators.rankIn(c, rank, size);
                    Communicator comm = rankInComm < 0 ? null
                            : Communicator.create(engines[MixedCommunicators.engineOf(c, mode == ProgressMode.THREAD)], worlds.get(c).transport(rankInComm));
                    if (comm != null) {
                        comm.setSelector(MixedCommunicators.selector(c));
                    }
                    communicators.add(comm);
                }
                try {
                    int called = new MixedCollectives(communicators, mode == ProgressMode.THREAD, SEED, rank, () -> MixedCommunicators.describe(engines)).run(plan);
                    if (rank == 0) {
                        System.out.println("MixedCollectivesTest: P = " + size + ", " + mode + ": rank 0 called " + called
                                + " collectives, all right");
                    }
                } catch (Throwable t) {
                    // the world closes only rank's endpoint of communicator 0: close the others too,
                    // so that peers waiting there fail at once instead of at the timeout
                    communicators.forEach(c -> {
                        if (c != null) {
                            c.close();
                        }
                    });
                    throw t;
                }
            }, Duration.ofSeconds(120));
        } finally {
            worlds.forEach(InProcessWorld::close);
        }
    }
}
