package dev.nbc.bench.ops;

import dev.nbc.core.check.CollectiveCheck;
import dev.nbc.core.progress.ProgressMode;

import java.util.List;

/**
 * Who runs the collective: nbc with or without its progress thread (with or without the
 * consistency check), or the MPI library itself.
 */
public enum Variant {
    /** nbc, progress thread (ProgressMode.THREAD). */
    NBC_THREAD("nbc-thread"),
    /** nbc without a thread (ProgressMode.MANUAL): progresses only inside test() / await(). */
    NBC_MANUAL("nbc-manual"),
    /**
     * nbc with its progress thread and the consistency check on ({@link CollectiveCheck#ON}): what
     * the check costs, beside nbc-thread in the same run. Not measured unless asked for.
     */
    NBC_CHECKED("nbc-checked"),
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

    /** Whether nbc checks the ranks' calls; the other variants run without the check whatever NBC_CHECK says. */
    public CollectiveCheck check() {
        return this == NBC_CHECKED ? CollectiveCheck.ON : CollectiveCheck.OFF;
    }

    /** The variants measured unless --variants names others. */
    public static List<Variant> defaults() {
        return List.of(NBC_THREAD, NBC_MANUAL, OMPI);
    }

    public static Variant parse(String s) {
        for (Variant v : values()) {
            if (v.label.equalsIgnoreCase(s.trim()) || v.name().equalsIgnoreCase(s.trim())) {
                return v;
            }
        }
        throw new IllegalArgumentException("unknown variant '" + s + "' (nbc-thread, nbc-manual, nbc-checked, ompi)");
    }
}
