package dev.nbc.core.transport.mpi;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Choosing the way to MPI refuses, in one line and before MPI starts, what it cannot do. */
class MpiInitTest {

    @Test
    void aWayThatDoesNotExistIsNamedInTheRefusal() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Mpi.init(new String[0], "jni"));
        assertEquals("way (nbc.mpi / NBC_MPI): must be bindings or ffm, but was 'jni'", e.getMessage());
    }

    @Test
    void ffmWithoutItsModuleSaysWhatIsMissing() {
        // nbc-core's tests run without nbc-ffm on the class path
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> Mpi.init(new String[0], "FFM"));
        assertTrue(e.getMessage().startsWith("nbc cannot reach MPI through ffm")
                && e.getMessage().contains("ffm: not on the class path (ffm: module nbc-ffm, Java 22 or newer)"), e.getMessage());
        assertTrue(!e.getMessage().contains("\n"), e.getMessage());
    }
}
