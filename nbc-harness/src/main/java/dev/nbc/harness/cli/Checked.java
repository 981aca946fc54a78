package dev.nbc.harness.cli;

/**
 * Options (a command or one of its mixins) with rules beyond their types. {@link Cli} calls
 * {@link #check} on every such object of the command line after parsing and before the command
 * runs, mixins first, so a bad value fails before any work (and before MPI starts).
 */
public interface Checked {
    void check(OptionChecks checks);
}
