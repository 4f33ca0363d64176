package dev.poolbench.webapp.pool;

import dev.poolbench.webapp.InvalidSettingException;
import dev.poolbench.webapp.Settings;
import java.sql.Driver;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.springframework.core.env.Environment;

/**
 * Which database every pool connects to, and with which driver. The app uses Connector/J on the
 * ISU4_DB_* variables (ISUCON4 names and defaults), or pgjdbc when {@code POOLBENCH_DATABASE=postgres}
 * (the same variables, port 5432 by default): configuration, not a code path per pool. The pool microbenchmark
 * ({@link StandalonePool}) also points the same pools at a stub driver and at H2, which is why
 * every descriptor takes the driver class from here instead of naming Connector/J itself.
 */
public record DatabaseSettings(String driverClassName, String jdbcUrl, String user, String password) {

    static final String MYSQL_DRIVER = "com.mysql.cj.jdbc.Driver";
    static final String POSTGRES_DRIVER = "org.postgresql.Driver";
    /** Which server the app talks to: {@code mysql} (also {@code mariadb}; the default) or {@code postgres}. */
    public static final String DATABASE_SETTING = "POOLBENCH_DATABASE";

    /**
     * Every Connector/J setting lives here, identical for every pool, so no pool gets different
     * driver behaviour (pool-level statement caches stay off; the driver caches instead).
     */
    static final String DRIVER_SETTINGS = "useLocalSessionState=true"
            + "&cachePrepStmts=true&useServerPrepStmts=true&prepStmtCacheSize=250&prepStmtCacheSqlLimit=2048"
            + "&cacheServerConfiguration=true&elideSetAutoCommits=true&maintainTimeStats=false"
            + "&useSSL=false&allowPublicKeyRetrieval=true&characterEncoding=UTF-8"
            + "&connectionTimeZone=LOCAL&connectTimeout=10000";

    /**
     * pgjdbc's settings, identical for every pool: no TLS on the benchmark's network, the same
     * 10-s connect timeout as Connector/J's; server-side prepared statements after pgjdbc's default
     * 5 uses, cached per connection by the driver (pool-level statement caches stay off).
     */
    static final String POSTGRES_DRIVER_SETTINGS = "sslmode=disable&connectTimeout=10&ApplicationName=poolbench";

    static DatabaseSettings from(Environment environment) {
        String database = environment.getProperty(DATABASE_SETTING, "mysql");
        boolean postgres = switch (database) {
            case "mysql", "mariadb" -> false;
            case "postgres" -> true;
            default -> throw new InvalidSettingException(DATABASE_SETTING + " must be mysql, mariadb or postgres, but is '"
                    + database + "'.", "Set " + DATABASE_SETTING + " to mysql (default), mariadb or postgres.");
        };
        DatabaseSettings settings = of(postgres,
                environment.getProperty("ISU4_DB_HOST", "localhost"),
                Settings.intSetting(environment, "ISU4_DB_PORT", postgres ? 5432 : 3306, 1),
                environment.getProperty("ISU4_DB_USER", "root"),
                environment.getProperty("ISU4_DB_PASSWORD", ""),
                environment.getProperty("ISU4_DB_NAME", "isu4_qualifier"));
        return RecommendedSettings.requested(environment).recommended()
                ? settings.withUrlSettings(RecommendedSettings.urlSettings(environment, postgres)) : settings;
    }

    /**
     * The same connection with {@code overrides} ({@code a=1&b=2}) on the JDBC URL: a setting the URL
     * has takes the new value in its place (a driver may read the first of two), others are added.
     */
    DatabaseSettings withUrlSettings(String overrides) {
        int query = jdbcUrl.indexOf('?');
        Map<String, String> merged = new LinkedHashMap<>();
        for (String text : List.of(jdbcUrl.substring(query + 1), overrides)) {
            for (String pair : text.split("&")) {
                if (!pair.isBlank()) {
                    int eq = pair.indexOf('=');
                    merged.put(eq < 0 ? pair : pair.substring(0, eq), eq < 0 ? "" : pair.substring(eq + 1));
                }
            }
        }
        String settings = merged.entrySet().stream().map(e -> e.getKey() + "=" + e.getValue())
                .collect(Collectors.joining("&"));
        return new DatabaseSettings(driverClassName, jdbcUrl.substring(0, query + 1) + settings, user, password);
    }

    /** MySQL/MariaDB through Connector/J with the app's driver settings, as the app connects. */
    public static DatabaseSettings mysql(String host, int port, String user, String password, String name) {
        return of(false, host, port, user, password, name);
    }

    /** PostgreSQL through pgjdbc with the app's driver settings, as the app connects. */
    public static DatabaseSettings postgres(String host, int port, String user, String password, String name) {
        return of(true, host, port, user, password, name);
    }

    private static DatabaseSettings of(boolean postgres, String host, int port, String user, String password,
            String name) {
        String address = "//" + host + ":" + port + "/" + name + "?";
        return postgres
                ? new DatabaseSettings(POSTGRES_DRIVER, "jdbc:postgresql:" + address + POSTGRES_DRIVER_SETTINGS, user, password)
                : new DatabaseSettings(MYSQL_DRIVER, "jdbc:mysql:" + address + DRIVER_SETTINGS, user, password);
    }

    /** True for pgjdbc: the few places where the server shows through (Agroal's exception sorter, /report's streaming). */
    public boolean postgres() {
        return POSTGRES_DRIVER.equals(driverClassName);
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
