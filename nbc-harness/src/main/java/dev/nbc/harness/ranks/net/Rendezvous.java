package dev.nbc.harness.ranks.net;

import dev.nbc.harness.ranks.Control;

import java.net.InetSocketAddress;
import java.util.ArrayList;
import java.util.List;

/**
 * How ranks that open sockets of their own (Netgauge's socket modules, nbc sessions over TCP) find
 * their peers: every rank's listening address, exchanged over the control plane (MPI under mpirun,
 * memory for in-process ranks), as Netgauge allows ("modules may use MPI calls to exchange address
 * information"). Addresses travel as their text, "host:port",
 * one character per double of the control plane's gather and broadcast.
 */
public final class Rendezvous {
    private Rendezvous() {
    }

    /** Every rank's address, index = rank; collective over the control plane's group. */
    public static List<InetSocketAddress> exchange(Control control, InetSocketAddress mine) {
        String text = mine.getHostString() + ":" + mine.getPort();
        double[] encoded = text.chars().asDoubleStream().toArray();
        double[][] all = control.gather(encoded);
        StringBuilder joined = new StringBuilder();
        if (all != null) {
            for (double[] one : all) {
                for (double c : one) {
                    joined.append((char) c);
                }
                joined.append(' ');
            }
        }
        double[] length = control.bcast(new double[] {joined.length()}, 1);
        double[] chars = control.bcast(joined.chars().asDoubleStream().toArray(), (int) length[0]);
        StringBuilder received = new StringBuilder();
        for (double c : chars) {
            received.append((char) c);
        }
        List<InetSocketAddress> addresses = new ArrayList<>();
        for (String entry : received.toString().trim().split(" ")) {
            addresses.add(parse(entry));
        }
        if (addresses.size() != control.size()) {
            throw new IllegalStateException("rendezvous: " + addresses.size() + " addresses for " + control.size() + " ranks");
        }
        return addresses;
    }

    /** "host:port". */
    public static InetSocketAddress parse(String hostAndPort) {
        int colon = hostAndPort.lastIndexOf(':');
        if (colon <= 0 || colon == hostAndPort.length() - 1) {
            throw new IllegalArgumentException("address: expected host:port, but was '" + hostAndPort + "'");
        }
        int port = Integer.parseInt(hostAndPort.substring(colon + 1));
        return new InetSocketAddress(hostAndPort.substring(0, colon), port);
    }
}
