package dev.poolbench.webapp.pool;

import dev.poolbench.webapp.Settings;
import java.sql.Driver;
import org.springframework.core.env.Environment;

/**
 * Which database every pool connects to, and with which driver. The app always uses Connector/J
 * on the ISU4_DB_* variables (ISUCON4 names and defaults); the pool microbenchmark
 * ({@link StandalonePool}) also points the same pools at a stub driver and at H2, which is why
 * every descriptor takes the driver class from here instead of naming Connector/J itself.
 */
public record DatabaseSettings(String driverClassName, String jdbcUrl, String user, String password) {

    static final String MYSQL_DRIVER = "com.mysql.cj.jdbc.Driver";

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
        return mysql(
                environment.getProperty("ISU4_DB_HOST", "localhost"),
                Settings.intSetting(environment, "ISU4_DB_PORT", 3306, 1),
                environment.getProperty("ISU4_DB_USER", "root"),
                environment.getProperty("ISU4_DB_PASSWORD", ""),
                environment.getProperty("ISU4_DB_NAME", "isu4_qualifier"));
    }

    /** MySQL/MariaDB through Connector/J with the app's driver settings, as the app connects. */
    public static DatabaseSettings mysql(String host, int port, String user, String password, String name) {
        return new DatabaseSettings(MYSQL_DRIVER, "jdbc:mysql://" + host + ":" + port + "/" + name + "?" + DRIVER_SETTINGS,
                user, password);
    }

    /** The driver class, for pools that take a class rather than a name. */
    Class<? extends Driver> driverClass() {
        try {
            return Class.forName(driverClassName).asSubclass(Driver.class);
        } catch (ClassNotFoundException | ClassCastException e) {
            throw new IllegalStateException("JDBC driver class " + driverClassName + " is not available", e);
        }
    }

    @Override
    public String toString() {
        // The URL without its driver settings (and never the password).
        int query = jdbcUrl.indexOf('?');
        return "DatabaseSettings[" + user + "@" + (query < 0 ? jdbcUrl : jdbcUrl.substring(0, query)) + "]";
    }
}
