package dev.nbc.examples.gradients;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** DDP's bucket assignment: layers in reverse order, a bucket closed once it reaches the cap, no layer split. */
class BucketPlanTest {

    @Test
    void theDefaultModelMakesTwentyFiveBucketsOfTwoLayersFromTheOutputDown() {
        BucketPlan plan = BucketPlan.withCap(LayeredModel.ofMib(25, 50), LayeredModel.MIB);
        assertEquals(25, plan.buckets());
        for (int b = 0; b < 25; b++) {
            assertArrayEquals(new int[] {49 - 2 * b, 48 - 2 * b}, plan.layers(b), "bucket " + b);
            assertEquals(LayeredModel.MIB, plan.bytes(b));
        }
        assertEquals("25 buckets of 1.00 MiB", plan.describe());
        assertEquals(plan.buckets(), BucketPlan.withCount(LayeredModel.ofMib(25, 50), 25).buckets());
    }

    @Test
    void aBucketClosesOnceItHoldsTheCapAndTheRestMakeTheLast() {
        // layers of 3, 3, 2, 2 doubles (the remainder goes to the first); a cap of 5 doubles
        LayeredModel model = LayeredModel.of(10, 4);
        assertEquals(List.of(3, 3, 2, 2), List.of(model.elements(0), model.elements(1), model.elements(2), model.elements(3)));
        BucketPlan plan = BucketPlan.withCap(model, 5 * Double.BYTES);
        assertEquals(2, plan.buckets());
        assertArrayEquals(new int[] {3, 2, 1}, plan.layers(0), "2 + 2 < 5 doubles, so layer 1 joins and overfills it");
        assertArrayEquals(new int[] {0}, plan.layers(1));
        assertEquals(7, plan.elements(0));
        assertEquals(List.of(0, 2, 4), List.of(plan.offsetInBucket(3), plan.offsetInBucket(2), plan.offsetInBucket(1)),
                "laid out in the order added");
        assertTrue(plan.completes(1) && plan.completes(0));
        assertFalse(plan.completes(2) || plan.completes(3));
    }

    @Test
    void aLayerLargerThanTheCapIsABucketOfItsOwn() {
        BucketPlan plan = BucketPlan.withCap(LayeredModel.of(40, 4), 8);
        assertEquals(4, plan.buckets());
        for (int b = 0; b < 4; b++) {
            assertArrayEquals(new int[] {3 - b}, plan.layers(b));
        }
    }

    @Test
    void aCountThatTheLayersDoNotDivideGivesFewerBuckets() {
        BucketPlan plan = BucketPlan.withCount(LayeredModel.of(50, 50), 7);
        assertEquals(7, plan.buckets(), "cap ceil(400/7) = 58 B: 8 layers of 8 B each, 6 full buckets and 2 layers left");
        assertEquals(8, plan.elements(0));
        assertEquals(2, plan.elements(6));
        assertEquals(2, BucketPlan.withCount(LayeredModel.of(4, 4), 3).buckets(), "cap 11 B: two layers of 8 B close a bucket");
    }

    @Test
    void theBackwardPassHandsOnEveryBucketOnceInBucketOrder() {
        BucketPlan plan = BucketPlan.withCap(LayeredModel.of(1000, 9), 250 * Double.BYTES);
        GradientBuffers gradients = new GradientBuffers(plan);
        List<Integer> ready = new ArrayList<>();
        new BackwardPass(gradients, new GradientValues(1), 0, 1).run(0, ready::add);
        List<Integer> expected = new ArrayList<>();
        for (int b = 0; b < plan.buckets(); b++) {
            expected.add(b);
        }
        assertEquals(expected, ready);
    }

    @Test
    void badShapesAreRefusedSayingWhy() {
        assertEquals("the model's 3 doubles cannot fill 4 layers with at least one each",
                assertThrows(IllegalArgumentException.class, () -> LayeredModel.of(3, 4)).getMessage());
        assertEquals("buckets: must be at least 1, but was 0",
                assertThrows(IllegalArgumentException.class, () -> BucketPlan.withCount(LayeredModel.of(3, 3), 0)).getMessage());
        assertTrue(assertThrows(IllegalArgumentException.class, () -> LayeredModel.of(1L << 31, 1)).getMessage()
                .contains("larger than a buffer holds"));
    }
}
