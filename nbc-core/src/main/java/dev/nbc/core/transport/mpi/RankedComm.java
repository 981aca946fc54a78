package dev.nbc.core.transport.mpi;

/** An {@link MpiComm} of a library, with this process's rank and the size read once when it was made. */
public abstract class RankedComm implements MpiComm {
    private final int rank;
    private final int size;

    protected RankedComm(int rank, int size) {
        this.rank = rank;
        this.size = size;
    }

    @Override
    public final int rank() {
        return rank;
    }

    @Override
    public final int size() {
        return size;
    }
}
