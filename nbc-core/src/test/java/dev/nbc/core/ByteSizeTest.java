package dev.nbc.core;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

class ByteSizeTest {

    @Test
    void kMAndGMultiplyByPowersOf1024InAnyCase() {
        assertEquals(65536, ByteSize.parse("64k"));
        assertEquals(1 << 20, ByteSize.parse("1M"));
        assertEquals(3L << 30, ByteSize.parse(" 3g "));
        assertEquals(4096, ByteSize.parse("4096"));
        assertEquals(0, ByteSize.parse("0"));
    }

    @Test
    void anythingElseIsRefusedWithTheRule() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> ByteSize.parse("1x"));
        assertEquals("must be a number of bytes >= 0, optionally followed by k, m or g, but was '1x'", e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> ByteSize.parse("-1k"));
        assertThrows(IllegalArgumentException.class, () -> ByteSize.parse("k"));
        assertThrows(IllegalArgumentException.class, () -> ByteSize.parse(""));
        assertThrows(IllegalArgumentException.class, () -> ByteSize.parse("9223372036854775807k"));
    }
}
