package dev.nbc.examples.gradients;

import dev.nbc.core.Communicator;
import dev.nbc.core.transport.mpi.MpiCollectives;

import java.util.Locale;

/** The ways a training step sums its buckets; the backward pass and the checks are the same for all. */
public enum Variant {
    /** DDP's: each bucket's nbc iallreduce starts as the bucket is ready, during the rest of the backward pass. */
    OVERLAPPED("overlapped", true) {
        @Override
        GradientSum sum(Communicator comm, MpiCollectives library, GradientBuffers gradients) {
            return new OverlappedSum(comm, gradients);
        }
    },
    /** nbc's blocking allreduce of each bucket after the whole backward pass. */
    BLOCKING("blocking", false) {
        @Override
        GradientSum sum(Communicator comm, MpiCollectives library, GradientBuffers gradients) {
            return SumAfterPass.throughNbc(comm, gradients);
        }
    },
    /** The MPI library's own MPI_Allreduce of each bucket after the whole backward pass. */
    MPI_BLOCKING("mpi-blocking", false) {
        @Override
        GradientSum sum(Communicator comm, MpiCollectives library, GradientBuffers gradients) {
            if (library == null) {
                throw new IllegalStateException("variant mpi-blocking: needs the MPI library's collectives, and there are none here");
            }
            return SumAfterPass.throughLibrary(library, gradients);
        }
    };

    private final String label;
    private final boolean overlapsBackwardPass;

    Variant(String label, boolean overlapsBackwardPass) {
        this.label = label;
        this.overlapsBackwardPass = overlapsBackwardPass;
    }

    /**
     * How this variant sums {@code gradients}: over {@code comm}, or through {@code library}, the
     * MPI library's own collectives (null where there is no MPI: in-process ranks).
     */
    abstract GradientSum sum(Communicator comm, MpiCollectives library, GradientBuffers gradients);

    /** Whether the sums run during the backward pass (else after it). */
    public boolean overlapsBackwardPass() {
        return overlapsBackwardPass;
    }

    public String label() {
        return label;
    }

    /** By label: overlapped, blocking, mpi-blocking. */
    public static Variant parse(String text) {
        for (Variant v : values()) {
            if (v.label.equals(text.trim().toLowerCase(Locale.ROOT))) {
                return v;
            }
        }
        throw new IllegalArgumentException("one of overlapped, blocking, mpi-blocking, all, but was '" + text + "'");
    }
}
