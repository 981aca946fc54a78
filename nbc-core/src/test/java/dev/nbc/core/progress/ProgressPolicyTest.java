package dev.nbc.core.progress;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** How a policy is forced, and how a rank's cores are counted. */
class ProgressPolicyTest {

    @Test
    void policiesParseInAnyCaseAndBadNamesAreRefusedNamingTheVariable() {
        assertEquals(ProgressPolicy.SHARED, ProgressPolicy.parse(" Shared "));
        assertEquals(ProgressPolicy.DEDICATED, ProgressPolicy.parse("dedicated"));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> ProgressPolicy.parse("fast"));
        assertTrue(e.getMessage().contains("NBC_PROGRESS") && e.getMessage().contains("'fast'"), e.getMessage());
    }

    @Test
    void cpuListsAreCounted() {
        assertEquals(2, ProgressPolicy.cpuListSize("0-1\n"));
        assertEquals(7, ProgressPolicy.cpuListSize("0-3,8,10-11"));
        assertEquals(1, ProgressPolicy.cpuListSize("5"));
    }

    @Test
    void aBoundRankHasItsBindingAnUnboundOneItsShareOfTheNode() {
        assertEquals(1, ProgressPolicy.coresPerRank(1, 2, 2), "bound to one of two cores");
        assertEquals(2, ProgressPolicy.coresPerRank(2, 2, 1), "alone on the node");
        assertEquals(1, ProgressPolicy.coresPerRank(2, 2, 4), "four unbound ranks on two cores: at least one");
        assertEquals(4, ProgressPolicy.coresPerRank(8, 8, 2), "two unbound ranks on eight cores");
    }

    @Test
    void forcingAnEngineOverridesTheMachine() {
        try (ProgressEngine shared = ProgressEngine.start(ProgressPolicy.SHARED);
             ProgressEngine manual = ProgressEngine.start(ProgressPolicy.MANUAL)) {
            assertEquals(ProgressPolicy.SHARED, shared.policy());
            assertEquals(ProgressPolicy.MANUAL, manual.policy());
            assertEquals(ProgressMode.MANUAL, manual.mode());
        }
    }
}
