package dev.nbc.core.check;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class CollectiveCheckTest {

    @Test
    void theUsualSpellingsOfOnAndOffAreUnderstood() {
        for (String on : new String[]{"1", "true", "ON", " yes "}) {
            assertEquals(CollectiveCheck.ON, CollectiveCheck.parse(on), on);
        }
        for (String off : new String[]{"0", "false", "off", "No"}) {
            assertEquals(CollectiveCheck.OFF, CollectiveCheck.parse(off), off);
        }
    }

    @Test
    void anUnknownValueNamesTheVariableAndTheValuesItTakes() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> CollectiveCheck.parse("maybe"));
        assertTrue(e.getMessage().startsWith("nbc.check / NBC_CHECK: must be 1, true, on or yes"), e.getMessage());
        assertTrue(e.getMessage().endsWith("but was 'maybe'"), e.getMessage());
    }
}
