package dev.nbc.core.transport.mpi;

import dev.nbc.core.EnvironmentSetting;

import java.util.Locale;

/**
 * How the MPI transport receives. Open MPI 4.1.4 writes a message that is longer than its
 * receive past the receive's range when the message is not sent eagerly (and for a rank's
 * message to itself), before it reports MPI_ERR_TRUNCATE: memory that belongs to something else is
 * overwritten (measured: 2,998 of 3,000 doubles of an unrelated buffer at 48 KB into 24 KB, a
 * SIGSEGV at 4.8 MB). The only safe defence is to know a message's size before receiving it:
 * from the consistency check ({@code NBC_CHECK=1}), which compares the ranks' counts before any
 * data moves, or from a probe ({@link #PROBED}). Measured on this project's machine (P = 2,
 * docs/reliability.md), probing adds 0.3-0.5 us to a small collective (1.3-1.5x its median) and
 * nothing measurable at 1 MiB; receives are posted unless asked otherwise, so that nbc's small
 * collectives keep their speed, and a truncation reported after the fact ends the job under either
 * error policy, as Open MPI's own collectives end it.
 */
public enum ReceiveMode {
    /**
     * {@code MPI_Irecv} posted with the round (the default): fastest, and safe when every message is
     * known to fit, as when the consistency check has compared the ranks' counts before any data
     * moved. Without the check, a longer message may have overwritten memory by the time
     * MPI_ERR_TRUNCATE is reported, so such a failure ({@code MemoryOverwrittenException}) ends
     * the job at once under either error policy, as Open MPI's own collectives do.
     */
    POSTED,
    /**
     * The transport matches messages itself: whenever any of its operations is tested while a
     * receive awaits its message, one {@code MPI_Improbe} of any sender and tag takes each message
     * that has arrived to the first receive started for its (sender, tag), or keeps it for one
     * started later; then {@code MPI_Imrecv} if it fits. A message that does not fit is received
     * into memory of its own and dropped, and the receive fails having written nothing. Costs an
     * extra call per message and one per poll while a receive waits (docs/reliability.md).
     */
    PROBED;

    /** The environment variable and system property (which wins) that choose the mode: posted or probed. */
    public static final String VARIABLE = "NBC_MPI_RECEIVES";
    public static final String PROPERTY = "nbc.mpi.receives";

    /**
     * The mode {@link #PROPERTY} or else {@link #VARIABLE} names; {@link #POSTED} if neither is set.
     *
     * @throws IllegalArgumentException if the value names no mode
     */
    public static ReceiveMode fromEnvironment() {
        return EnvironmentSetting.read(PROPERTY, VARIABLE, ReceiveMode::parse, POSTED);
    }

    /**
     * The mode {@code value} names (posted or probed, in any case).
     *
     * @throws IllegalArgumentException if it names none
     */
    public static ReceiveMode parse(String value) {
        for (ReceiveMode mode : values()) {
            if (mode.name().equalsIgnoreCase(value.trim())) {
                return mode;
            }
        }
        throw new IllegalArgumentException(PROPERTY + " / " + VARIABLE + ": must be posted or probed, but was '" + value + "'");
    }

    @Override
    public String toString() {
        return name().toLowerCase(Locale.ROOT);
    }
}
