package dev.nbc.models.assessment;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.json.JsonMapper;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;

/**
 * Saves an {@link AssessedModel} as JSON and loads it back. Writing goes to a temporary file beside
 * the target that is then moved into place, so a crash never leaves half a model. NaN (an interval
 * that could not be computed) is written as the string "NaN" and read back as NaN.
 */
public final class ModelFile {
    private static final ObjectMapper MAPPER = JsonMapper.builder()
            .enable(SerializationFeature.INDENT_OUTPUT)
            .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
            .build();

    private ModelFile() {
    }

    public static void save(AssessedModel model, Path file) {
        try {
            Path dir = file.toAbsolutePath().getParent();
            Files.createDirectories(dir);
            Path tmp = Files.createTempFile(dir, file.getFileName().toString(), ".tmp");
            try {
                MAPPER.writeValue(tmp.toFile(), model);
                try {
                    Files.move(tmp, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
                } catch (AtomicMoveNotSupportedException e) {
                    Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING);
                }
            } finally {
                Files.deleteIfExists(tmp);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write the model file " + file, e);
        }
    }

    /**
     * @throws IllegalArgumentException if the file is missing or is not a model file, naming it
     */
    public static AssessedModel load(Path file) {
        if (!Files.isRegularFile(file)) {
            throw new IllegalArgumentException("model file: " + file + " does not exist (write one with 'model measure')");
        }
        try {
            return MAPPER.readValue(file.toFile(), AssessedModel.class);
        } catch (IOException e) {
            throw new IllegalArgumentException("model file: " + file + " is not a model file written by 'model measure': "
                    + e.getMessage(), e);
        }
    }

    /** The JSON text of {@code model} (as saved). */
    public static String toJson(AssessedModel model) {
        try {
            return MAPPER.writeValueAsString(model);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
