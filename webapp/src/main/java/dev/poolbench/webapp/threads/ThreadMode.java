package dev.poolbench.webapp.threads;

import dev.poolbench.webapp.InvalidSettingException;
import java.util.Locale;
import org.springframework.core.env.Environment;

/**
 * How the app serves requests, whatever the pool profile: {@code platform} (Tomcat's pool of
 * platform threads, Boot's default) or {@code virtual} (one virtual thread per request, Boot's
 * {@code spring.threads.virtual.enabled}). Chosen by {@code POOLBENCH_THREADS}; when that is unset,
 * {@code spring.threads.virtual.enabled} decides as usual.
 */
public enum ThreadMode {
    PLATFORM, VIRTUAL;

    static final String SETTING = "POOLBENCH_THREADS";
    static final String BOOT_PROPERTY = "spring.threads.virtual.enabled";
    /** Virtual threads are final from JDK 21 on (JEP 444); Boot ignores its switch below that. */
    static final int VIRTUAL_SINCE = 21;

    public String label() {
        return name().toLowerCase(Locale.ROOT);
    }

    /**
     * The requested mode.
     *
     * @throws InvalidSettingException for a value other than platform/virtual, or virtual on a JVM
     *         without virtual threads (Boot would silently fall back to platform threads)
     */
    static ThreadMode requested(Environment environment, int javaFeature) {
        String raw = environment.getProperty(SETTING);
        ThreadMode mode;
        if (raw == null || raw.isBlank()) {
            mode = environment.getProperty(BOOT_PROPERTY, Boolean.class, false) ? VIRTUAL : PLATFORM;
        } else if (raw.trim().equalsIgnoreCase("platform")) {
            mode = PLATFORM;
        } else if (raw.trim().equalsIgnoreCase("virtual")) {
            mode = VIRTUAL;
        } else {
            throw new InvalidSettingException(SETTING + " must be 'platform' or 'virtual', but is '" + raw + "'.",
                    "Set " + SETTING + " to platform (default) or virtual.");
        }
        if (mode == VIRTUAL && javaFeature < VIRTUAL_SINCE) {
            throw new InvalidSettingException("Virtual threads need Java " + VIRTUAL_SINCE
                    + " or newer, but this JVM is " + System.getProperty("java.version") + ".",
                    "Run the app on a JDK " + VIRTUAL_SINCE + "+ or set " + SETTING + "=platform.");
        }
        return mode;
    }
}
