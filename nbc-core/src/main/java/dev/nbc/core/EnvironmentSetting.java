package dev.nbc.core;

import java.util.function.Function;

/**
 * The library's settings from outside the program (NBC_CHECK, NBC_ERRORS, NBC_PROGRESS, ...): a
 * system property, which wins, else an environment variable, which mpirun hands to every local
 * rank (to remote ones with {@code -x}).
 */
public final class EnvironmentSetting {
    private EnvironmentSetting() {
    }

    /**
     * The value of {@code property}, else of {@code variable}, parsed; {@code unset} if neither is
     * set or the value is blank.
     *
     * @throws IllegalArgumentException from {@code parse}, for a value it does not know
     */
    public static <T> T read(String property, String variable, Function<String, T> parse, T unset) {
        String value = System.getProperty(property, System.getenv(variable));
        return value == null || value.isBlank() ? unset : parse.apply(value);
    }
}
