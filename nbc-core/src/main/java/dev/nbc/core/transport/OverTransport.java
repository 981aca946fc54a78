package dev.nbc.core.transport;

/**
 * Something that works over one {@link Transport} (a communicator, a control plane, a benchmark's
 * endpoint) and so stands where its transport stands: its rank and its group's size are the
 * transport's.
 */
public interface OverTransport {

    /** The transport it works over. */
    Transport transport();

    /** This rank, 0..size()-1: the transport's. */
    default int rank() {
        return transport().rank();
    }

    /** Number of ranks in the group: the transport's. */
    default int size() {
        return transport().size();
    }
}
