package dev.nbc.core.transport.tcp;

import java.nio.ByteBuffer;

/** A message that arrived before its receive was posted, kept in a pooled direct buffer. */
final class Unexpected {
    final int tag;
    final int length;
    /** Holds the payload from index 0; null once handed back to the pool. */
    ByteBuffer data;
    /** Payload bytes arrived so far. */
    int arrived;
    Unexpected previous;
    Unexpected next;

    Unexpected(int tag, int length, ByteBuffer data) {
        this.tag = tag;
        this.length = length;
        this.data = data;
    }

    boolean complete() {
        return arrived == length;
    }
}
