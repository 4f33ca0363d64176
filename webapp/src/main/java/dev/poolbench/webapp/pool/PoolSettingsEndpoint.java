package dev.poolbench.webapp.pool;

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

    PoolSettingsEndpoint(PoolSettingsReport report, ThreadsReport threads) {
        this.report = report;
        this.threads = threads;
    }

    @ReadOperation
    Map<String, Object> poolSettings() {
        // The thread mode is profile-independent; the runner checks it beside the pool settings.
        Map<String, Object> all = new LinkedHashMap<>(report.read());
        all.put("threads", threads.read());
        return all;
    }
}
