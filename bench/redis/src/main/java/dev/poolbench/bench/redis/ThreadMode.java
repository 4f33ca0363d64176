package dev.poolbench.bench.redis;

import java.util.Locale;
import java.util.concurrent.ThreadFactory;

/**
 * The threads a cell runs its loop on. Virtual threads are looked up at run time, because the
 * module is Java 17 bytecode (it runs on the runner's JDK 17); they exist from JDK 21 on.
 */
enum ThreadMode {
    PLATFORM, VIRTUAL;

    static final int VIRTUAL_SINCE = 21;

    String label() {
        return name().toLowerCase(Locale.ROOT);
    }

    static ThreadMode parse(String raw) {
        for (ThreadMode mode : values()) {
            if (mode.label().equals(raw.trim().toLowerCase(Locale.ROOT))) {
                return mode;
            }
        }
        throw new IllegalArgumentException("unknown thread mode '" + raw + "'; known: platform, virtual");
    }

    static boolean virtualAvailable() {
        return Runtime.version().feature() >= VIRTUAL_SINCE;
    }

    /** Platform threads are daemons, so a cell abandoned after its deadline cannot keep the JVM alive. */
    ThreadFactory factory() {
        if (this == PLATFORM) {
            return runnable -> {
                Thread thread = new Thread(runnable);
                thread.setDaemon(true);
                return thread;
            };
        }
        try {
            Object builder = Thread.class.getMethod("ofVirtual").invoke(null);
            return (ThreadFactory) Class.forName("java.lang.Thread$Builder").getMethod("factory").invoke(builder);
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("virtual threads need Java " + VIRTUAL_SINCE + "+, this is "
                    + Runtime.version(), e);
        }
    }
}
