package dev.nbc.models.simulation;

import java.util.Arrays;

/** A growable list of ints, for compiled schedules on their way from the builder to the simulator. */
final class IntList {
    private int[] values = new int[1024];
    private int size;

    void add(int value) {
        ensureRoom(1);
        values[size++] = value;
    }

    void add(int a, int b, int c) {
        ensureRoom(3);
        values[size] = a;
        values[size + 1] = b;
        values[size + 2] = c;
        size += 3;
    }

    /** Appends {@code n} zeros and returns the index of the first, to {@link #set} later. */
    int reserve(int n) {
        int first = size;
        for (int i = 0; i < n; i++) {
            add(0);
        }
        return first;
    }

    /** Doubles the array when {@code extra} more values would not fit. */
    private void ensureRoom(int extra) {
        if (size + extra > values.length) {
            values = Arrays.copyOf(values, 2 * values.length);
        }
    }

    void set(int index, int value) {
        values[index] = value;
    }

    int size() {
        return size;
    }

    void clear() {
        size = 0;
    }

    /** The backing array; valid up to {@link #size()} until the next add. */
    int[] array() {
        return values;
    }

    /** A copy of the values. */
    int[] toArray() {
        return Arrays.copyOf(values, size);
    }
}
