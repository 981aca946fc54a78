package dev.nbc.ffm;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The probe's file as the transport reads it: values, sizes, and one-line errors for what is missing or wrong. */
class MpiAbiTest {
    /** MPICH 4.0.2's values, as the probe printed them on Debian bookworm (int handles). */
    private static final String MPICH = """
            version=MPICH Version:\t4.0.2
            implementation=mpich
            library=/lib/x86_64-linux-gnu/libmpich.so.12
            size.handle.MPI_Comm=4
            size.handle.MPI_Request=4
            size.MPI_Status=20
            offset.MPI_Status.MPI_SOURCE=8
            constant.MPI_ANY_SOURCE=-2
            address.MPI_IN_PLACE=-1
            handle.MPI_COMM_WORLD=1140850688
            size.handle.MPI_Weird=2
            """;

    @TempDir
    Path dir;

    private MpiAbi abi(String text) throws IOException {
        Path file = dir.resolve("abi.properties");
        Files.writeString(file, text);
        return MpiAbi.read(file);
    }

    @Test
    void readsValuesSizesAndHandles() throws IOException {
        MpiAbi abi = abi(MPICH);
        assertEquals("mpich", abi.text("implementation"));
        assertEquals(4, abi.handleSize("MPI_Comm"));
        assertEquals(20, abi.number("size.MPI_Status"));
        assertEquals(8, abi.number("offset.MPI_Status.MPI_SOURCE"));
        assertEquals(-2, abi.constant("MPI_ANY_SOURCE"));
        assertEquals(-1L, abi.address("MPI_IN_PLACE"));
        assertEquals(0x44000000L, abi.handle("MPI_COMM_WORLD"));
    }

    @Test
    void aMissingKeySaysWhichAndWhatToRun() throws IOException {
        MpiAbi abi = abi(MPICH);
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> abi.constant("MPI_TAG_UB"));
        assertTrue(e.getMessage().contains("no 'constant.MPI_TAG_UB'") && e.getMessage().contains("scripts/setup"), e.getMessage());
    }

    @Test
    void aHandleSizeOtherThanFourOrEightIsRefused() throws IOException {
        MpiAbi abi = abi(MPICH);
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> abi.handleSize("MPI_Weird"));
        assertTrue(e.getMessage().contains("handles of 2 bytes"), e.getMessage());
    }

    @Test
    void aFileWithoutTheLibraryIsRefusedWhenRead() throws IOException {
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> abi("implementation=mpich\n"));
        assertTrue(e.getMessage().contains("no 'library'"), e.getMessage());
    }

    @Test
    void anUnreadableFileNamesTheVariableAndTheFile() {
        Path missing = dir.resolve("none.properties");
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> MpiAbi.read(missing));
        assertTrue(e.getMessage().startsWith(MpiAbi.VARIABLE + ": cannot read") && e.getMessage().contains(missing.toString()),
                e.getMessage());
    }
}
