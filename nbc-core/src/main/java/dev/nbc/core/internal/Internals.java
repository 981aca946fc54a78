package dev.nbc.core.internal;

/** Runs a class's static initialiser, where it registers its accessor. */
final class Internals {
    private Internals() {
    }

    static void initialise(Class<?> type) {
        try {
            Class.forName(type.getName(), true, type.getClassLoader());
        } catch (ClassNotFoundException e) {
            throw new IllegalStateException("cannot initialise " + type.getName(), e);
        }
    }
}
