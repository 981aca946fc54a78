package dev.nbc.core.progress;

import org.junit.jupiter.api.Test;

import java.io.StringWriter;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

class EngineTraceTest {

    private static List<String> lines(EngineTrace trace) {
        StringWriter out = new StringWriter();
        trace.writeTo(out);
        return out.toString().lines().toList();
    }

    @Test
    void eventsAreWrittenOldestFirstInMicrosecondsSinceTheFirst() {
        EngineTrace trace = new EngineTrace(8);
        trace.record(EngineTrace.Event.WAKE, -3, 1_000_000);
        trace.record(EngineTrace.Event.POSTED, 1, 1_002_500);
        String thread = Thread.currentThread().getName();
        assertEquals(List.of("time_us,thread,event,arg", "0.000," + thread + ",wake,-3", "2.500," + thread + ",posted,1"),
                lines(trace));
    }

    @Test
    void aFullTraceKeepsTheNewestEvents() {
        EngineTrace trace = new EngineTrace(3);
        for (int i = 0; i < 5; i++) {
            trace.record(EngineTrace.Event.COMPLETED, i, 1_000L * i);
        }
        List<String> lines = lines(trace);
        assertEquals(4, lines.size(), "the header and the capacity's 3 events");
        assertEquals(List.of("0.000", "1.000", "2.000"), lines.subList(1, 4).stream().map(l -> l.split(",")[0]).toList(),
                "times from the oldest kept (event 2)");
        assertEquals(List.of("2", "3", "4"), lines.subList(1, 4).stream().map(l -> l.split(",")[3]).toList());
    }
}
