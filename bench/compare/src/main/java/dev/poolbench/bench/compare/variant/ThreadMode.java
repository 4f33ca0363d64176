package dev.poolbench.bench.compare.variant;

import dev.poolbench.bench.compare.util.UsageException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * {@code --threads platform,virtual}: how the app serves requests. {@code platform} is Tomcat's
 * pool of platform threads (Boot's default), {@code virtual} one virtual thread per request
 * ({@code spring.threads.virtual.enabled}, JDK 21+). The app gets it as {@code POOLBENCH_THREADS}
 * and reads it back in {@code /actuator/poolsettings} ({@code threads.active}).
 */
public enum ThreadMode {
    PLATFORM, VIRTUAL;

    /** The JDK feature release from which virtual threads exist (final in JDK 21, JEP 444). */
    public static final int VIRTUAL_SINCE = 21;

    public String label() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** Whether an app JVM of this feature release can run this mode. */
    public boolean runsOn(int feature) {
        return this == PLATFORM || feature >= VIRTUAL_SINCE;
    }

    static ThreadMode of(String label) {
        for (ThreadMode m : values()) {
            if (m.label().equals(label)) {
                return m;
            }
        }
        throw new IllegalArgumentException("unknown thread mode '" + label + "'");
    }

    /** A comma list of modes, in the order given; a wrong or repeated one is a usage error. */
    public static List<ThreadMode> parseList(String value) throws UsageException {
        List<ThreadMode> modes = new ArrayList<>();
        for (String raw : value.split(",")) {
            String name = raw.trim().toLowerCase(Locale.ROOT);
            if (name.isEmpty()) {
                continue;
            }
            ThreadMode mode;
            try {
                mode = of(name);
            } catch (IllegalArgumentException e) {
                throw new UsageException("--threads must be platform, virtual or both (platform,virtual), got '"
                        + raw.trim() + "'");
            }
            if (modes.contains(mode)) {
                throw new UsageException("thread mode " + name + " listed twice in --threads");
            }
            modes.add(mode);
        }
        if (modes.isEmpty()) {
            throw new UsageException("--threads is empty; give platform, virtual or platform,virtual");
        }
        return List.copyOf(modes);
    }
}
