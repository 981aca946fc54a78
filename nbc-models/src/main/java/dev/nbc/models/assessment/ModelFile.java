package dev.nbc.models.assessment;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.json.JsonMapper;
import dev.nbc.models.assessment.netgauge.GapRegion;
import dev.nbc.models.assessment.netgauge.LogGPEstimate;
import dev.nbc.models.files.InputFiles;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;

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

    /** What a model file is, for the messages. */
    private static final String KIND = "a model file written by 'model measure'";
    /** Bound of a LogGP time (L, o, g), ns: 1 s, far beyond any network's. */
    public static final double MAX_TIME_NS = 1e9;
    /** Bound of a per-byte cost (G, γ), ns per byte: 1 ms, a network of 1 kB/s. */
    public static final double MAX_PER_BYTE_NS = 1e6;

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
     * The model in {@code file}, refused ({@link InputFiles}: one line naming the file, the field or
     * line, and the rule) unless it is a JSON object with provenance and LogGP parameters whose
     * values are finite and of a sense a network can have: times within ±{@link #MAX_TIME_NS} (an
     * estimate below 0 is noise around 0, and counts as 0), per-byte costs within
     * ±{@link #MAX_PER_BYTE_NS}, protocol regions of sizes 0 ≤ from ≤ to. So nothing of a bad file
     * reaches the simulator, which would spin on times of days.
     *
     * @throws IllegalArgumentException for a missing or bad file
     */
    public static AssessedModel load(Path file) {
        JsonNode tree = InputFiles.jsonObject(file, KIND);
        for (String section : List.of("provenance", "loggp")) {
            if (!tree.path(section).isObject()) {
                throw InputFiles.refusal(file, section + ": " + (tree.has(section) ? "must be an object, but was "
                        + tree.get(section) : "missing") + " (expected " + KIND + ")");
            }
        }
        AssessedModel model;
        try {
            model = MAPPER.treeToValue(tree, AssessedModel.class);
        } catch (JsonProcessingException e) {
            throw InputFiles.refusal(file, e);
        }
        checkLogGP(model.loggp(), file);
        return model;
    }

    private static void checkLogGP(LogGPEstimate loggp, Path file) {
        checkEstimate(loggp.latencyNetgauge(), "loggp.latencyNetgauge", MAX_TIME_NS, file);
        checkEstimate(loggp.latency(), "loggp.latency", MAX_TIME_NS, file);
        checkEstimate(loggp.sendOverhead(), "loggp.sendOverhead", MAX_TIME_NS, file);
        checkEstimate(loggp.receiveOverhead(), "loggp.receiveOverhead", MAX_TIME_NS, file);
        checkValue(loggp.gamma(), "loggp.gamma", MAX_PER_BYTE_NS, file);
        if (loggp.perByteOverhead() != null) { // files written before the CPU-per-byte probe have none: O = 0
            checkEstimate(loggp.perByteOverhead(), "loggp.perByteOverhead", MAX_PER_BYTE_NS, file);
        }
        for (int i = 0; i < loggp.regions().size(); i++) {
            GapRegion region = loggp.regions().get(i);
            String name = "loggp.regions[" + i + "]";
            if (region == null) {
                throw InputFiles.refusal(file, name + ": missing");
            }
            if (!(region.fromBytes() >= 0 && region.fromBytes() <= region.toBytes())) {
                throw InputFiles.refusal(file, name + ": must cover sizes 0 <= fromBytes <= toBytes, but was "
                        + region.fromBytes() + ".." + region.toBytes());
            }
            checkEstimate(region.g(), name + ".g", MAX_TIME_NS, file);
            checkEstimate(region.G(), name + ".G", MAX_PER_BYTE_NS, file);
        }
    }

    private static void checkEstimate(Estimate estimate, String name, double bound, Path file) {
        if (estimate == null) {
            throw InputFiles.refusal(file, name + ": missing (expected " + KIND + ")");
        }
        checkValue(estimate.value(), name + ".value", bound, file);
    }

    private static void checkValue(double value, String name, double bound, Path file) {
        if (!(Math.abs(value) <= bound)) {
            throw InputFiles.refusal(file, name + ": must be " + InputFiles.range(-bound, bound) + " ns"
                    + (bound == MAX_PER_BYTE_NS ? " per byte" : "") + ", but was " + value);
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
