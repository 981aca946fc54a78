package dev.nbc.ffm;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** When a user is told that the JVM's AVX-512 code makes FFM calls into MPI dearer. */
class VectorWidthAdviceTest {

    @Test
    void advisesAgainstTheDefaultAvx512OnX86() {
        String advice = VectorWidthAdvice.advice("amd64", "3", false);
        assertNotNull(advice);
        assertTrue(advice.contains("-XX:UseAVX=2"), advice);
        assertNotNull(VectorWidthAdvice.advice("x86_64", " 3 ", false));
    }

    @Test
    void saysNothingBelowAvx512OrWhenTheUserChose() {
        assertNull(VectorWidthAdvice.advice("amd64", "2", false));
        assertNull(VectorWidthAdvice.advice("amd64", "0", false));
        assertNull(VectorWidthAdvice.advice("amd64", "3", true));
    }

    @Test
    void saysNothingOnOtherArchitecturesOrUnreadableValues() {
        assertNull(VectorWidthAdvice.advice("aarch64", "3", false));
        assertNull(VectorWidthAdvice.advice("amd64", null, false));
        assertNull(VectorWidthAdvice.advice("amd64", "three", false));
    }

    @Test
    void readsThisJvmWithoutFailing() {
        String advice = VectorWidthAdvice.forThisJvm();
        if (advice != null) {
            assertTrue(advice.startsWith("nbc: "), advice);
        }
    }
}
