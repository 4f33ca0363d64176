package dev.poolbench.webapp.pool;

import java.util.Map;
import org.springframework.boot.actuate.endpoint.annotation.Endpoint;
import org.springframework.boot.actuate.endpoint.annotation.ReadOperation;
import org.springframework.stereotype.Component;

/** {@code GET :8081/actuator/poolsettings}: the settings in effect (see README for the shape). */
@Component
@Endpoint(id = "poolsettings")
class PoolSettingsEndpoint {

    private final PoolSettingsReport report;

    PoolSettingsEndpoint(PoolSettingsReport report) {
        this.report = report;
    }

    @ReadOperation
    Map<String, Object> poolSettings() {
        return report.read();
    }
}
