package dev.nbc.bench.netgauge.module;

import dev.nbc.harness.cli.NetworkOptions;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** The emulated module's options: the network (the harness's options, as in every in-process program) and its clock. */
public final class EmulatedOptions {
    @Mixin
    NetworkOptions network = new NetworkOptions();

    @Option(names = "--virtual-time", description = "emulated: the network keeps virtual time per rank, so the figures are the "
            + "network's exactly however many ranks share the cores (on the real clock a rank without a core of its own observes "
            + "its messages late).")
    boolean virtualTime;
}
