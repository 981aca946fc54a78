package dev.nbc.examples.gradients;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The gradients' values: multiples of 2^-10 below 2^9, so that their sum is exact in any order. */
class GradientValuesTest {
    private final GradientValues values = new GradientValues(7);

    @Test
    void everyValueIsAMultipleOfTheUnitBelowTheBound() {
        for (int rank = 0; rank < 4; rank++) {
            for (long e = 0; e < 10_000; e++) {
                double v = values.value(rank, 3, e);
                assertTrue(Math.abs(v) <= 512, "|" + v + "| <= 2^9");
                assertEquals(Math.rint(v * 1024), v * 1024, "a multiple of 2^-10: " + v);
            }
        }
    }

    @Test
    void theSumIsTheSameBitsInEveryOrder() {
        Random shuffle = new Random(1);
        for (long e = 0; e < 2_000; e++) {
            List<Double> terms = new ArrayList<>();
            for (int rank = 0; rank < 64; rank++) {
                terms.add(values.value(rank, 0, e));
            }
            long exact = Double.doubleToRawLongBits(values.sum(64, 0, e));
            for (int order = 0; order < 5; order++) {
                Collections.shuffle(terms, shuffle);
                double sum = 0;
                for (double t : terms) {
                    sum += t;
                }
                assertEquals(exact, Double.doubleToRawLongBits(sum), "element " + e);
            }
        }
    }

    @Test
    void ranksStepsAndElementsGetDifferentValues() {
        assertNotEquals(values.value(0, 0, 5), values.value(1, 0, 5));
        assertNotEquals(values.value(0, 0, 5), values.value(0, 1, 5));
        assertNotEquals(values.value(0, 0, 5), values.value(0, 0, 6));
        assertNotEquals(values.value(0, 0, 5), new GradientValues(8).value(0, 0, 5));
    }
}
