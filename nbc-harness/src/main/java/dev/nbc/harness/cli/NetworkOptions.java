package dev.nbc.harness.cli;

import dev.nbc.core.transport.inprocess.EmulatedNetwork;
import picocli.CommandLine.Option;

/**
 * The emulated LogGP network of in-process runs ({@link EmulatedNetwork}), the same four options
 * in every program; all zero (the default) is the ideal network.
 */
public final class NetworkOptions implements Checked {
    @Option(names = "--latency-us", paramLabel = "L", defaultValue = "0", description = "Emulated network (in-process): latency L in us.")
    double latencyUs;

    @Option(names = "--overhead-us", paramLabel = "o", defaultValue = "0", description = "Emulated network: CPU overhead o per send and receive, us.")
    double overheadUs;

    @Option(names = "--gap-us", paramLabel = "g", defaultValue = "0", description = "Emulated network: gap g between injections, us.")
    double gapUs;

    @Option(names = {"--gap-per-byte-ns", "--G-ns-per-byte"}, paramLabel = "G", defaultValue = "0",
            description = "Emulated network: gap per byte G, ns.")
    double gapPerByteNs;

    @Option(names = "--receive-gap", description = "Emulated network: receivers serialise too (LogGOPSim's convention: a rank "
            + "takes one message at a time, each for (m-1)G + max(g, o)); default off, as LogGP has no receive-side gap.")
    boolean receiveGap;

    public EmulatedNetwork network() {
        EmulatedNetwork network = isIdeal() ? EmulatedNetwork.none()
                : EmulatedNetwork.symmetric(latencyUs * 1e3, overheadUs * 1e3, gapUs * 1e3, gapPerByteNs);
        return receiveGap ? network.withReceiveGap() : network;
    }

    public boolean isIdeal() {
        return latencyUs == 0 && overheadUs == 0 && gapUs == 0 && gapPerByteNs == 0;
    }

    @Override
    public void check(OptionChecks checks) {
        checkLogGP(checks, latencyUs, overheadUs, gapUs, gapPerByteNs);
    }

    /**
     * The rule of LogGP's options, wherever a command takes them under these names: none negative
     * (an option not given is null).
     */
    public static void checkLogGP(OptionChecks checks, Double latencyUs, Double overheadUs, Double gapUs, Double gapPerByteNs) {
        checks.nonNegative("--latency-us", latencyUs);
        checks.nonNegative("--overhead-us", overheadUs);
        checks.nonNegative("--gap-us", gapUs);
        checks.nonNegative("--gap-per-byte-ns", gapPerByteNs);
    }

    /** The network is emulated by the in-process transport only; over MPI it would be silently ignored. */
    public void checkUsedWith(TransportKind transport, OptionChecks checks) {
        if (transport != TransportKind.INPROCESS && !isIdeal()) {
            checks.fail("--latency-us, --overhead-us, --gap-us, --gap-per-byte-ns: the emulated network is for "
                    + "--transport inprocess only, but the transport is " + transport);
        }
    }
}
