package dev.nbc.core.schedule;

/**
 * How schedules name buffers. A schedule never holds a buffer: it names slots, and each execution
 * binds them, so one schedule serves repeated and persistent use and the models can read it without
 * any data.
 */
public final class Slots {
    private Slots() {
    }

    /** The caller's input buffer (the send buffer of a reduction). */
    public static final int INPUT = 0;
    /** The caller's output buffer (the receive buffer of a reduction, the buffer of a broadcast). */
    public static final int OUTPUT = 1;
    /** The first scratch buffer; scratch slot {@code i} of a schedule is {@code FIRST_SCRATCH + i}. */
    public static final int FIRST_SCRATCH = 2;
}
