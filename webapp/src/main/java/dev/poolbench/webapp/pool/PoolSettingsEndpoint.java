package dev.poolbench.webapp.pool;

import dev.poolbench.webapp.plant.Plant;
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
    private final Plant plant;

    PoolSettingsEndpoint(PoolSettingsReport report, ThreadsReport threads, SessionReport session, Plant plant) {
        this.report = report;
        this.threads = threads;
        this.session = session;
        this.plant = plant;
    }

    @ReadOperation
    Map<String, Object> poolSettings() {
        // The thread mode is profile-independent; the runner checks it beside the pool settings.
        Map<String, Object> all = new LinkedHashMap<>(report.read());
        all.put("threads", threads.read());
        // So is the session store (memory, or Redis shared/pooled), read back from the live client.
        all.put("session", session.read());
        // A planted difference (POOLBENCH_PLANT) and how often it ran: the runner checks both.
        all.put("plant", plant.report());
        return all;
    }
}
