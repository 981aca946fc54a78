package dev.nbc.models.simulation;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** Interning many distinct rounds and sequences, over several chunks of round numbers. */
class CompiledSchedulesTest {
    /** An encoded schedule of two rounds, each one copy of {@code first} and {@code second} bytes. */
    private static int[] twoCopies(int first, int second) {
        return new int[]{2, 1, 0, CompiledSchedules.COPY, 0, first, 1, 0, CompiledSchedules.COPY, 0, second};
    }

    @Test
    void manyRoundsAndSequences() {
        CompiledSchedules schedules = new CompiledSchedules();
        int n = 100_000;
        int[] sequence = new int[n];
        for (int i = 0; i < n; i++) {
            sequence[i] = schedules.intern(twoCopies(i + 1, 1), 0);
        }
        assertEquals(n, schedules.sequences());
        for (int i = 0; i < n; i++) {
            assertEquals(i, sequence[i]);
            assertEquals(2, schedules.rounds(i));
            int round = schedules.round(i, 0);
            assertEquals(i + 1, schedules.bytes[schedules.first(round)]);
            assertEquals(1, schedules.bytes[schedules.first(schedules.round(i, 1))]);
        }
        // the same schedules again, in the first and a later chunk: no new sequence
        assertEquals(70_000, schedules.intern(twoCopies(70_001, 1), 0));
        assertEquals(5, schedules.intern(twoCopies(6, 1), 0));
        assertEquals(n, schedules.sequences());
    }
}
