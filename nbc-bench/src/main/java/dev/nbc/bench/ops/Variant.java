package dev.nbc.bench.ops;

import dev.nbc.core.progress.ProgressMode;

/** Who runs the collective: nbc with or without its progress thread, or the MPI library itself. */
public enum Variant {
    /** nbc, progress thread (ProgressMode.THREAD). */
    NBC_THREAD("nbc-thread"),
    /** nbc without a thread (ProgressMode.MANUAL): progresses only inside test() / await(). */
    NBC_MANUAL("nbc-manual"),
    /** Open MPI's own collectives through its Java bindings (MPI transport only). */
    OMPI("ompi");

    private final String label;

    Variant(String label) {
        this.label = label;
    }

    public String label() {
        return label;
    }

    public boolean isNbc() {
        return this != OMPI;
    }

    public ProgressMode mode() {
        return this == NBC_MANUAL ? ProgressMode.MANUAL : ProgressMode.THREAD;
    }

    public static Variant parse(String s) {
        for (Variant v : values()) {
            if (v.label.equalsIgnoreCase(s.trim()) || v.name().equalsIgnoreCase(s.trim())) {
                return v;
            }
        }
        throw new IllegalArgumentException("unknown variant '" + s + "' (nbc-thread, nbc-manual, ompi)");
    }
}
