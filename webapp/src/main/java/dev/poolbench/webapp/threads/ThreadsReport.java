package dev.poolbench.webapp.threads;

import java.util.LinkedHashMap;
import java.util.Map;
import org.springframework.boot.thread.Threading;
import org.springframework.core.env.Environment;
import org.springframework.stereotype.Component;

/**
 * The {@code threads} part of {@code /actuator/poolsettings}: the mode requested, the mode Boot
 * made active ({@link Threading}), and the kind of thread the last application request ran on.
 */
@Component
public class ThreadsReport {

    private final Environment environment;
    private final RequestThreadProbe probe;

    ThreadsReport(Environment environment, RequestThreadProbe probe) {
        this.environment = environment;
        this.probe = probe;
    }

    public Map<String, Object> read() {
        ThreadMode requested = ThreadMode.requested(environment, Runtime.version().feature());
        String active = Threading.VIRTUAL.isActive(environment) ? "virtual" : "platform";
        Map<String, Object> threads = new LinkedHashMap<>();
        threads.put("requested", requested.label());
        threads.put("active", active);
        threads.put("virtualEnabledProperty", environment.getProperty(ThreadMode.BOOT_PROPERTY, Boolean.class, false));
        RequestThreadProbe.Seen seen = probe.last();
        if (seen == null) {
            threads.put("requestThread", null);
        } else {
            Map<String, Object> t = new LinkedHashMap<>();
            t.put("virtual", seen.virtual());
            t.put("name", seen.name());
            threads.put("requestThread", t);
        }
        threads.put("javaFeature", Runtime.version().feature());
        threads.put("matchesRequested", requested.label().equals(active)
                && (seen == null || seen.virtual() == (requested == ThreadMode.VIRTUAL)));
        return threads;
    }
}
