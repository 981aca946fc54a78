package dev.nbc.core.transport.inprocess;

import java.util.concurrent.atomic.AtomicReference;

/**
 * Reuses the private copies of messages sent before their receive was posted, one spare per
 * receiving rank: the sender takes it, the receiver gives it back once it has copied the data out.
 *
 * <p>Why: a fresh {@code byte[]} per staged message is zeroed by the JVM before it is written, and
 * above a TLAB (or half a G1 region) it takes the slow allocation path. For a 256 KiB allreduce at
 * P = 2 on the emulated network that zeroing was more CPU than the copies and the reduction
 * together (async-profiler): work that a real network's NIC never asks of the CPU, and
 * that the emulation then charged to the overlap it measures.
 *
 * <p>One spare per rank bounds what is kept to the largest message staged for that rank; a
 * receive that finds the spare taken simply leaves its buffer to the collector.
 */
final class StagingBuffers {
    private static final byte[] NO_BYTES = new byte[0];

    private final AtomicReference<byte[]> spare = new AtomicReference<>();

    /** A buffer of at least {@code length} bytes, the spare if it is large enough. */
    byte[] take(int length) {
        if (length == 0) {
            return NO_BYTES;
        }
        byte[] buffer = spare.getAndSet(null);
        return buffer != null && buffer.length >= length ? buffer : new byte[length];
    }

    /** Gives back a buffer whose data has been copied out; keeps the larger of it and the spare. */
    void give(byte[] buffer) {
        if (buffer.length == 0) {
            return;
        }
        byte[] kept = spare.get();
        if (kept == null || kept.length < buffer.length) {
            spare.compareAndSet(kept, buffer);
        }
    }
}
