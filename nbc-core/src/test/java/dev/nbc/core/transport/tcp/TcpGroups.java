package dev.nbc.core.transport.tcp;

import org.junit.jupiter.api.extension.AfterEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/** The TCP endpoints a test opens, every one closed after it (a JUnit extension: {@code @RegisterExtension}). */
final class TcpGroups implements AfterEachCallback {
    private final List<TcpTransport> opened = Collections.synchronizedList(new ArrayList<>());

    /** A local group of {@code size} on the loopback ({@link TcpTransport#localGroup}), closed after the test. */
    List<TcpTransport> open(int size) {
        List<TcpTransport> group = TcpTransport.localGroup(size);
        opened.addAll(group);
        return group;
    }

    /** Endpoints the test opened itself, to be closed after it. */
    void closeAfter(TcpTransport... endpoints) {
        opened.addAll(List.of(endpoints));
    }

    @Override
    public void afterEach(ExtensionContext context) {
        synchronized (opened) {
            opened.forEach(TcpTransport::close);
            opened.clear();
        }
    }
}
