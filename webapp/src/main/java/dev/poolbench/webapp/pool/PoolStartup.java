package dev.poolbench.webapp.pool;

import java.sql.Connection;
import java.util.Map;
import javax.sql.DataSource;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.boot.context.event.ApplicationStartedEvent;
import org.springframework.context.event.EventListener;
import org.springframework.stereotype.Component;
import tools.jackson.databind.json.JsonMapper;

/**
 * Opens the pool once at start-up (so every pool fills to its initial size before the first
 * request) and logs the settings read back from it. A database that is down is logged, not
 * fatal: the pool connects once it is back, and health says DOWN meanwhile.
 */
@Component
class PoolStartup {

    private static final Logger log = LoggerFactory.getLogger(PoolStartup.class);

    private final DataSource dataSource;
    private final PoolSettingsReport report;

    PoolStartup(DataSource dataSource, PoolSettingsReport report) {
        this.dataSource = dataSource;
        this.report = report;
    }

    @EventListener(ApplicationStartedEvent.class)
    void openPoolAndLogSettings() {
        try (Connection ignored = dataSource.getConnection()) {
            log.debug("Pool opened");
        } catch (Exception e) {
            log.warn("Database not reachable at start-up: {}", e.getMessage());
        }
        Map<String, Object> settings = report.read();
        log.info("Pool settings in effect: {}", JsonMapper.shared().writeValueAsString(settings));
        if (!Boolean.TRUE.equals(settings.get("matchesRequested"))) {
            log.warn("Pool settings do NOT match the request: {}", settings.get("mismatches"));
        }
    }
}
