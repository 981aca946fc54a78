package dev.nbc.examples.gradients;

import dev.nbc.models.assessment.AssessedModel;
import dev.nbc.models.loggp.LogGPParameters;

/**
 * Where a prediction's LogGP parameters come from: a model file written by
 * {@code scripts/nbc model measure}, whose g and G depend on the message size (its protocol
 * regions), or parameters given outright.
 */
public interface LogGPSource {
    /** The parameters for {@code processes} ranks and messages of about {@code bytes}. */
    LogGPParameters parameters(int processes, long bytes);

    /** What the parameters are, for the report's header. */
    String describe();

    /** The assessed parameters of a model file. */
    static LogGPSource of(AssessedModel model, String file) {
        return new LogGPSource() {
            @Override
            public LogGPParameters parameters(int processes, long bytes) {
                return model.loggp().parameters(processes, bytes);
            }

            @Override
            public String describe() {
                return "model file " + file + " (" + model.provenance().transport() + " over " + model.provenance().network()
                        + ", " + model.provenance().date() + ")";
            }
        };
    }

    /** The same parameters for every size. */
    static LogGPSource of(LogGPParameters fixed) {
        return new LogGPSource() {
            @Override
            public LogGPParameters parameters(int processes, long bytes) {
                return fixed.withP(processes);
            }

            @Override
            public String describe() {
                return String.format(java.util.Locale.ROOT, "L = %.2f us, o = %.2f us, g = %.2f us, G = %.4f ns/B, gamma = %.4f ns/B",
                        fixed.L() / 1e3, fixed.o() / 1e3, fixed.g() / 1e3, fixed.G(), fixed.gamma());
            }
        };
    }
}
