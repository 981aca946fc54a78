package dev.nbc.examples.gradients;

import dev.nbc.harness.cli.Checked;
import dev.nbc.harness.cli.NetworkOptions;
import dev.nbc.harness.cli.OptionChecks;
import dev.nbc.models.assessment.AssessedModel;
import dev.nbc.models.assessment.ModelFile;
import dev.nbc.models.loggp.LogGPParameters;
import picocli.CommandLine.Option;

import java.nio.file.Path;
import java.util.stream.Stream;

/**
 * The network's LogGP parameters for the prediction printed beside the measured times: a model
 * file, or the parameters themselves (the same names as the emulated network's options elsewhere,
 * since they are the same quantities); neither, and there is no LogGP prediction.
 */
public final class LogGPOptions implements Checked {
    @Option(names = "--model", paramLabel = "FILE",
            description = "LogGP model file written by 'scripts/nbc model measure' (on the same hosts and network), for the prediction.")
    Path model;

    @Option(names = "--latency-us", paramLabel = "L", description = "Instead of --model: the network's latency L, us.")
    Double latencyUs;

    @Option(names = "--overhead-us", paramLabel = "o", description = "Instead of --model: CPU overhead o per send and receive, us.")
    Double overheadUs;

    @Option(names = "--gap-us", paramLabel = "g", description = "Instead of --model: gap g between injections, us.")
    Double gapUs;

    @Option(names = {"--gap-per-byte-ns", "--G-ns-per-byte"}, paramLabel = "G",
            description = "Instead of --model: gap per byte G (the inverse bandwidth), ns; 1 Gbit/s is 8 ns/B.")
    Double gapPerByteNs;

    @Option(names = "--gamma-ns-per-byte", paramLabel = "gamma", description = "Instead of --model: time to reduce one byte, ns.")
    Double gammaNsPerByte;

    private LogGPSource source;

    @Override
    public void check(OptionChecks checks) {
        NetworkOptions.checkLogGP(checks, latencyUs, overheadUs, gapUs, gapPerByteNs);
        checks.nonNegative("--gamma-ns-per-byte", gammaNsPerByte);
        boolean given = Stream.of(latencyUs, overheadUs, gapUs, gapPerByteNs, gammaNsPerByte).anyMatch(v -> v != null);
        if (model != null && given) {
            checks.fail("--model, --latency-us, --overhead-us, --gap-us, --gap-per-byte-ns, --gamma-ns-per-byte: "
                    + "give a model file or the parameters, not both");
        }
        if (model != null) {
            checks.libraryCheck("--model", () -> {
                AssessedModel loaded = ModelFile.load(model);
                source = LogGPSource.of(loaded, model.toString());
            });
        } else if (given) {
            source = LogGPSource.of(new LogGPParameters(us(latencyUs), us(overheadUs), us(gapUs), orZero(gapPerByteNs), 1,
                    orZero(gammaNsPerByte)));
        }
    }

    /** The parameters given, or null when there are none (then nothing is predicted from LogGP). */
    public LogGPSource source() {
        return source;
    }

    private static double us(Double value) {
        return orZero(value) * 1e3;
    }

    private static double orZero(Double value) {
        return value == null ? 0 : value;
    }
}
