package dev.nbc.bench.cli;

import picocli.CommandLine;

/** A command that only groups subcommands (model, jitter, lmo): run alone, it prints its usage. */
public abstract class CommandGroup implements Runnable {
    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public void run() {
        spec.commandLine().usage(System.out);
    }
}
