package dev.nbc.ffm;

import dev.nbc.core.transport.mpi.Mpi;
import dev.nbc.core.transport.mpi.MpiProvider;

import java.nio.file.Files;
import java.nio.file.Path;

/** MPI through the FFM API: available once the probe's file is named ({@code NBC_MPI_ABI}). */
public final class FfmProvider implements MpiProvider {

    @Override
    public String name() {
        return "ffm";
    }

    @Override
    public String available() {
        Path file = MpiAbi.configuredFile();
        if (file == null) {
            return MpiAbi.VARIABLE + " is not set (it names the file scripts/setup wrote by probing the MPI library; "
                    + "scripts/nbcrun sets it)";
        }
        if (!Files.isReadable(file)) {
            return MpiAbi.VARIABLE + " names " + file + ", which cannot be read; rerun scripts/setup";
        }
        return null;
    }

    @Override
    public Mpi init(String[] args) {
        try {
            return FfmMpi.initThreadMultiple();
        } catch (ExceptionInInitializerError e) {
            Throwable cause = e.getCause() == null ? e : e.getCause();
            throw new IllegalStateException("nbc cannot reach MPI through ffm: " + cause.getMessage(), cause);
        }
    }
}
