package dev.nbc.harness.ranks;

import dev.nbc.core.transport.Transport;

/**
 * Where the nbc sessions of a group get their transports when they do not run over the launcher's
 * own (the ranks of an mpirun job whose sessions run over TCP: {@code --transport tcp}).
 */
public interface SessionTransports {

    /** The transport's name, which {@link Ranks#transport()} reports and the results record ("tcp"). */
    String name();

    /**
     * A new transport of the group whose control plane is {@code control} (its rank and size);
     * collective over the group: every rank opens its sessions in the same order ({@link RankEnv#open}).
     */
    Transport open(Control control);
}
