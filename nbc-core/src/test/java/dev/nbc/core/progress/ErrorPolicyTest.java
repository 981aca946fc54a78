package dev.nbc.core.progress;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ErrorPolicyTest {

    @Test
    void policiesAreNamedAsInNbcErrors() {
        assertEquals(ErrorPolicy.RETURN, ErrorPolicy.parse("return"));
        assertEquals(ErrorPolicy.FAIL_FAST, ErrorPolicy.parse("fail-fast"));
        assertEquals(ErrorPolicy.FAIL_FAST, ErrorPolicy.parse(" FAIL_FAST "));
        assertEquals("fail-fast", ErrorPolicy.FAIL_FAST.toString());
    }

    @Test
    void anUnknownPolicyNamesTheVariableAndThePolicies() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> ErrorPolicy.parse("ignore"));
        assertEquals("nbc.errors / NBC_ERRORS: must be fail-fast or return, but was 'ignore'", e.getMessage());
    }

    @Test
    void anEngineStartsWithThePolicyOfItsEnvironmentAndTakesAnother() {
        try (ProgressEngine engine = ProgressEngine.start(ProgressMode.MANUAL, IdleStrategy.BACKOFF)) {
            assertEquals(ErrorPolicy.fromEnvironment(), engine.errorPolicy());
            engine.setErrorPolicy(ErrorPolicy.RETURN);
            assertEquals(ErrorPolicy.RETURN, engine.errorPolicy());
            assertTrue(assertThrows(IllegalArgumentException.class, () -> engine.setErrorPolicy(null))
                    .getMessage().startsWith("policy:"));
        }
    }
}
