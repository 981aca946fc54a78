package dev.nbc.ffm;

import dev.nbc.core.transport.mpi.MpiException;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;

import static java.lang.foreign.ValueLayout.JAVA_INT;

/** MPI's error codes as exceptions, and the throwable of a method handle as an unchecked one. */
final class Calls {
    private Calls() {
    }

    /** Throws the MpiException of {@code code} unless it is MPI_SUCCESS. */
    static void check(int code, String call) throws MpiException {
        if (code != Library.SUCCESS) {
            throw error(code, call);
        }
    }

    /** MPI_Error_string and MPI_Error_class of {@code code}, as an exception. */
    static MpiException error(int code, String call) {
        String text = "error code " + code;
        int errorClass = code;
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment message = arena.allocate(Library.MAX_ERROR_STRING + 1);
            MemorySegment length = arena.allocate(JAVA_INT);
            MemorySegment classOut = arena.allocate(JAVA_INT);
            if ((int) Library.ERROR_STRING.invokeExact(code, message.address(), length.address()) == Library.SUCCESS) {
                text = message.getString(0);
            }
            if ((int) Library.ERROR_CLASS.invokeExact(code, classOut.address()) == Library.SUCCESS) {
                errorClass = classOut.get(JAVA_INT, 0);
            }
        } catch (Throwable e) {
            // the code alone then
        }
        return new MpiException(call + ": " + text, errorClass, code, errorClass == Library.ERR_TRUNCATE, null);
    }

    /** A downcall returning an MPI error code; a method handle's invokeExact declares Throwable. */
    @FunctionalInterface
    interface Downcall {
        int call() throws Throwable;
    }

    /**
     * Makes {@code call} and throws its error as an MpiException: for the calls off the hot path
     * (the lambda may allocate; send, receive and test invoke their handles directly).
     */
    static void invoke(String name, Downcall call) throws MpiException {
        int code;
        try {
            code = call.call();
        } catch (Throwable e) {
            throw unexpected(e);
        }
        check(code, name);
    }

    /** A method handle's throwable, which a downcall never throws but the signature declares. */
    static RuntimeException unexpected(Throwable e) {
        if (e instanceof RuntimeException r) {
            return r;
        }
        if (e instanceof Error error) {
            throw error;
        }
        return new IllegalStateException(e);
    }
}
