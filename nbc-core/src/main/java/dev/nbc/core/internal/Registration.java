package dev.nbc.core.internal;

/**
 * The accessor one class of the library registers in its static initialiser, and its use before
 * that class was ever loaded: {@link #get()} initialises the class first.
 */
final class Registration<T> {
    private final Class<?> registrar;
    private volatile T accessor;

    Registration(Class<?> registrar) {
        this.registrar = registrar;
    }

    void register(T registered) {
        if (accessor != null) {
            throw new IllegalStateException(registrar.getSimpleName() + "'s accessor is registered already");
        }
        accessor = registered;
    }

    T get() {
        T registered = accessor;
        if (registered == null) {
            try {
                Class.forName(registrar.getName(), true, registrar.getClassLoader());
            } catch (ClassNotFoundException e) {
                throw new IllegalStateException("cannot initialise " + registrar.getName(), e);
            }
            registered = accessor;
        }
        return registered;
    }
}
