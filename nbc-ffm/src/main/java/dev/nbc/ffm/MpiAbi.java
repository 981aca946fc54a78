package dev.nbc.ffm;

import java.io.IOException;
import java.io.Reader;
import java.lang.foreign.SymbolLookup;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Properties;

/**
 * What one MPI library's mpi.h says, as the probe compiled with that library's mpicc printed it
 * ({@code src/main/c/mpi_abi_probe.c}; scripts/setup saves it and names the file in
 * {@code NBC_MPI_ABI}): the library's path, its handles' sizes, MPI_Status's layout, its constants
 * and its predefined handles. Handles are carried as longs whatever their C size.
 */
final class MpiAbi {
    /** The environment variable and system property (which wins) naming the probe's file. */
    static final String VARIABLE = "NBC_MPI_ABI";
    static final String PROPERTY = "nbc.mpi.abi";

    private final Path file;
    private final Properties values;
    private SymbolLookup symbols;

    private MpiAbi(Path file, Properties values) {
        this.file = file;
        this.values = values;
    }

    /** The file {@link #PROPERTY} or {@link #VARIABLE} names, or null if neither is set. */
    static Path configuredFile() {
        String path = System.getProperty(PROPERTY, System.getenv(VARIABLE));
        return path == null || path.isBlank() ? null : Path.of(path);
    }

    /**
     * Reads a probe's file.
     *
     * @throws IllegalStateException if it cannot be read or lacks a key the transport needs
     */
    static MpiAbi read(Path file) {
        Properties values = new Properties();
        try (Reader in = Files.newBufferedReader(file)) {
            values.load(in);
        } catch (IOException e) {
            throw new IllegalStateException(VARIABLE + ": cannot read the MPI probe's file " + file + " (" + e.getMessage()
                    + "); scripts/setup writes it");
        }
        MpiAbi abi = new MpiAbi(file, values);
        abi.text("library");
        return abi;
    }

    /** Makes the library's exported symbols resolvable for {@link #handle}. */
    void bind(SymbolLookup library) {
        this.symbols = library;
    }

    SymbolLookup symbols() {
        return symbols;
    }

    String text(String key) {
        String value = values.getProperty(key);
        if (value == null) {
            throw new IllegalStateException(file + ": no '" + key + "'; rerun scripts/setup to probe the MPI library again");
        }
        return value.trim();
    }

    int number(String key) {
        try {
            return Integer.parseInt(text(key));
        } catch (NumberFormatException e) {
            throw new IllegalStateException(file + ": '" + key + "' is not a whole number: " + text(key));
        }
    }

    /** MPI constant {@code name} (constant.NAME). */
    int constant(String name) {
        return number("constant." + name);
    }

    /** The size in bytes of handle type {@code type} (MPI_Comm, ...): 8 for a pointer, 4 for an int. */
    int handleSize(String type) {
        int size = number("size.handle." + type);
        if (size != 4 && size != 8) {
            throw new IllegalStateException(file + ": handles of " + size + " bytes (" + type + ") are not supported");
        }
        return size;
    }

    /** A pointer constant (MPI_IN_PLACE, MPI_STATUS_IGNORE) as a number. */
    long address(String name) {
        return Long.parseLong(text("address." + name));
    }

    /** Predefined handle {@code name}: the address of its symbol, or its value. */
    long handle(String name) {
        String value = text("handle." + name);
        if (value.startsWith("symbol:")) {
            String symbol = value.substring("symbol:".length());
            return symbols.find(symbol).orElseThrow(() -> new IllegalStateException(file + ": " + name + " is symbol '"
                    + symbol + "', which " + text("library") + " does not export; rerun scripts/setup")).address();
        }
        return Long.parseLong(value);
    }

    Path file() {
        return file;
    }
}
