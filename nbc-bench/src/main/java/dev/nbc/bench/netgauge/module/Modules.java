package dev.nbc.bench.netgauge.module;

import java.util.List;

/** Every communication module, in the order --list shows them; a new instance each time (modules hold their options). */
public final class Modules {
    private Modules() {
    }

    public static List<CommModule> all() {
        return List.of(RankTransportModule.mpi(), new TcpModule(), new UdpModule(), RankTransportModule.inProcess(), RankTransportModule.emulated());
    }
}
