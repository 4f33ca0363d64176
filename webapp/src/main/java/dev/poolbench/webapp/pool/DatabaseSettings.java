package dev.poolbench.webapp.pool;

import dev.poolbench.webapp.Settings;
import org.springframework.core.env.Environment;

/** Where the database is (ISU4_DB_* variables, ISUCON4 names and defaults). */
record DatabaseSettings(String host, int port, String user, String password, String name) {

    /**
     * Every Connector/J setting lives here, identical for every pool, so no pool gets different
     * driver behaviour (pool-level statement caches stay off; the driver caches instead).
     */
    static final String DRIVER_SETTINGS = "useLocalSessionState=true"
            + "&cachePrepStmts=true&useServerPrepStmts=true&prepStmtCacheSize=250&prepStmtCacheSqlLimit=2048"
            + "&cacheServerConfiguration=true&elideSetAutoCommits=true&maintainTimeStats=false"
            + "&useSSL=false&allowPublicKeyRetrieval=true&characterEncoding=UTF-8"
            + "&connectionTimeZone=LOCAL&connectTimeout=10000";

    static DatabaseSettings from(Environment environment) {
        return new DatabaseSettings(
                environment.getProperty("ISU4_DB_HOST", "localhost"),
                Settings.intSetting(environment, "ISU4_DB_PORT", 3306, 1),
                environment.getProperty("ISU4_DB_USER", "root"),
                environment.getProperty("ISU4_DB_PASSWORD", ""),
                environment.getProperty("ISU4_DB_NAME", "isu4_qualifier"));
    }

    String jdbcUrl() {
        return "jdbc:mysql://" + host + ":" + port + "/" + name + "?" + DRIVER_SETTINGS;
    }

    @Override
    public String toString() {
        return "DatabaseSettings[" + user + "@" + host + ":" + port + "/" + name + "]";
    }
}
