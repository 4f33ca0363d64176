package dev.poolbench.webapp;

import org.springframework.core.env.Environment;

/** Reads integer settings (environment variables or Spring properties) with a clear failure. */
public final class Settings {

    private Settings() {
    }

    /**
     * The integer value of {@code name}, or {@code defaultValue} when unset or empty.
     *
     * @throws InvalidSettingException naming the setting and the value when it is not an integer
     *         or below {@code min}
     */
    public static int intSetting(Environment environment, String name, int defaultValue, int min) {
        String raw = environment.getProperty(name);
        if (raw == null || raw.isBlank()) {
            return defaultValue;
        }
        int value;
        try {
            value = Integer.parseInt(raw.trim());
        } catch (NumberFormatException e) {
            throw new InvalidSettingException(
                    name + " must be an integer, but is '" + raw + "'.",
                    "Set " + name + " to an integer >= " + min + " (default " + defaultValue + ").");
        }
        if (value < min) {
            throw new InvalidSettingException(
                    name + " must be >= " + min + ", but is " + value + ".",
                    "Set " + name + " to an integer >= " + min + " (default " + defaultValue + ").");
        }
        return value;
    }
}
