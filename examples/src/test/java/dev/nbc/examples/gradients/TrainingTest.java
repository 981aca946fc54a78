package dev.nbc.examples.gradients;

import dev.nbc.core.Communicator;
import dev.nbc.core.progress.ProgressEngine;
import dev.nbc.core.transport.inprocess.InProcessWorld;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.nio.ByteBuffer;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicReferenceArray;
import java.util.function.Function;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The variants on in-process ranks: every sum of every step equal to the exact sum bit for bit on
 * every rank, the same in every variant and whatever the bucketing; and the check does catch a
 * wrong sum.
 */
class TrainingTest {
    private static final int STEPS = 3;

    /** Runs {@code body} on {@code size} in-process ranks, each with its own engine; returns each rank's result. */
    private static <T> List<T> onRanks(int size, Function<Communicator, T> body) {
        AtomicReferenceArray<T> results = new AtomicReferenceArray<>(size);
        try (InProcessWorld world = new InProcessWorld(size)) {
            world.run((rank, transport) -> {
                try (ProgressEngine engine = ProgressEngine.start(); Communicator comm = Communicator.create(engine, transport)) {
                    results.set(rank, body.apply(comm));
                }
            }, Duration.ofSeconds(60));
        }
        List<T> out = new ArrayList<>();
        for (int r = 0; r < size; r++) {
            out.add(results.get(r));
        }
        return out;
    }

    private static Training training(Communicator comm, BucketPlan plan) {
        GradientBuffers gradients = new GradientBuffers(plan);
        GradientValues values = new GradientValues(3);
        return new Training(comm, null, gradients, values, new BackwardPass(gradients, values, comm.rank(), 2));
    }

    @ParameterizedTest(name = "P = {0}")
    @ValueSource(ints = {1, 2, 3})
    void everyVariantSumsExactlyAndAlikeOnEveryRank(int size) {
        LayeredModel model = LayeredModel.of(10_007, 13);
        List<List<Training.Run>> byRank = onRanks(size, comm -> {
            List<Training.Run> runs = new ArrayList<>();
            for (BucketPlan plan : List.of(BucketPlan.withCount(model, 5), BucketPlan.withCount(model, 1),
                    BucketPlan.withCap(model, 8))) {
                Training training = training(comm, plan);
                runs.addAll(training.run(List.of(Variant.OVERLAPPED, Variant.BLOCKING), 1, STEPS)); // interleaved
            }
            return runs;
        });
        long digest = byRank.get(0).get(0).digest();
        for (List<Training.Run> runs : byRank) {
            assertEquals(6, runs.size());
            for (Training.Run run : runs) {
                assertEquals(0, run.mismatches(), run.variant() + ": sums differing from the exact ones");
                assertTrue(run.sameOnAllRanks(), run.variant() + ": ranks differ");
                assertEquals(digest, run.digest(), run.variant() + ": the last step's sums differ between variants or bucketings");
                assertEquals(STEPS, run.millis().count());
            }
        }
    }

    @ParameterizedTest(name = "P = {0}")
    @ValueSource(ints = {2, 3})
    void theCheckCatchesAStaleSumAndASingleWrongBit(int size) {
        BucketPlan plan = BucketPlan.withCount(LayeredModel.of(1000, 4), 2);
        List<long[]> found = onRanks(size, comm -> {
            GradientBuffers gradients = new GradientBuffers(plan);
            GradientValues values = new GradientValues(3);
            new Training(comm, null, gradients, values, new BackwardPass(gradients, values, comm.rank(), 0))
                    .run(Variant.OVERLAPPED, 0, 2);
            long stale = gradients.mismatches(values, comm.size(), 2);
            ByteBuffer sums = gradients.sums(1);
            sums.putLong(8, sums.getLong(8) ^ 1);
            return new long[] {gradients.mismatches(values, comm.size(), 1), stale};
        });
        for (long[] f : found) {
            assertEquals(1, f[0], "one flipped bit is one wrong sum");
            assertNotEquals(0, f[1], "the last step's sums checked as the next step's");
        }
    }
}
