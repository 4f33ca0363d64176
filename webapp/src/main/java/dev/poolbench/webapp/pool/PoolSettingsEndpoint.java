package dev.poolbench.webapp.pool;

import dev.poolbench.webapp.session.SessionReport;
import dev.poolbench.webapp.threads.ThreadsReport;
import java.util.LinkedHashMap;
import java.util.Map;
import org.springframework.boot.actuate.endpoint.annotation.Endpoint;
import org.springframework.boot.actuate.endpoint.annotation.ReadOperation;
import org.springframework.stereotype.Component;

/** {@code GET :8081/actuator/poolsettings}: the settings in effect (see README for the shape). */
@Component
@Endpoint(id = "poolsettings")
class PoolSettingsEndpoint {

    private final PoolSettingsReport report;
    private final ThreadsReport threads;
    private final SessionReport session;

    PoolSettingsEndpoint(PoolSettingsReport report, ThreadsReport threads, SessionReport session) {
        this.report = report;
        this.threads = threads;
        this.session = session;
    }

    @ReadOperation
    Map<String, Object> poolSettings() {
        // The thread mode is profile-independent; the runner checks it beside the pool settings.
        Map<String, Object> all = new LinkedHashMap<>(report.read());
        all.put("threads", threads.read());
        // So is the session store (memory, or Redis shared/pooled), read back from the live client.
        all.put("session", session.read());
        return all;
    }
}
