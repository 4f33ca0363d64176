package dev.poolbench.webapp.pool;

import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import javax.sql.DataSource;
import org.springframework.core.env.Environment;
import org.springframework.stereotype.Component;

/**
 * The settings really in effect, read back from the live pool object, compared with what was
 * requested. Logged at start-up and served at {@code /actuator/poolsettings}.
 */
@Component
class PoolSettingsReport {

    private final PoolDescriptor<?> descriptor;
    private final DataSource dataSource;
    private final PoolSettings settings;
    private final DatabaseSettings database;
    private final Environment environment;

    PoolSettingsReport(PoolDescriptor<?> descriptor, DataSource dataSource, PoolSettings settings,
            DatabaseSettings database, Environment environment) {
        this.descriptor = descriptor;
        this.dataSource = dataSource;
        this.settings = settings;
        this.database = database;
        this.environment = environment;
    }

    /** Computed once: a fresh instance of some pools starts threads or registers MBeans. */
    private Map<String, Object> shippedDefaults;

    private synchronized Map<String, Object> shippedDefaults() {
        if (shippedDefaults == null) {
            shippedDefaults = descriptor.shippedDefaults(database);
        }
        return shippedDefaults;
    }

    Map<String, Object> read() {
        Map<String, Object> effective = descriptor.effectiveOf(dataSource);
        boolean equalized = settings.mode() == PoolMode.EQUALIZED;
        Map<String, Object> expected = equalized ? expectedEqualized(descriptor, settings) : shippedDefaults();
        List<String> mismatches = mismatches(expected, effective);

        Map<String, Object> report = new LinkedHashMap<>();
        report.put("schema", 1);
        report.put("profile", settings.profile());
        report.put("mode", settings.mode().label());
        report.put("modeMeaning", equalized
                ? "same semantics for every pool (fixed size, same wait, comparable validation and clean-up)"
                : "library defaults as the pool ships them (not Spring Boot's adjustments); requested size/wait ignored");
        report.put("settings", settings.set().label());
        if (settings.recommended()) {
            report.put("recommended", RecommendedSettings.applied(environment, settings.set(), settings.profile(),
                    database.postgres()));
        }
        report.put("poolClass", descriptor.live(dataSource).getClass().getName());
        Map<String, Object> requested = new LinkedHashMap<>();
        requested.put("size", equalized ? settings.size() : null);
        requested.put("minIdle", equalized ? settings.minIdle() : null);
        requested.put("waitMillis", equalized ? settings.waitMillis() : null);
        requested.put("queryTimeoutSeconds", settings.queryTimeoutSeconds());
        report.put("requested", requested);
        report.put("effective", effective);
        report.put("expected", expected);
        report.put("matchesRequested", mismatches.isEmpty());
        report.put("mismatches", mismatches);
        report.put("notes", equalized ? descriptor.equalizedNotes() : "");
        report.put("native", descriptor.nativeSettingsOf(dataSource));
        report.put("jdbcUrl", database.jdbcUrl());
        report.putAll(versions());
        report.put("releases", releases());
        Map<String, Object> jvm = new LinkedHashMap<>();
        jvm.put("version", System.getProperty("java.version"));
        jvm.put("vendor", System.getProperty("java.vendor"));
        jvm.put("vm", System.getProperty("java.vm.name"));
        jvm.put("availableProcessors", Runtime.getRuntime().availableProcessors());
        report.put("jvm", jvm);
        return report;
    }

    /**
     * The pool library's and the JDBC driver's releases, read from the jars the app loaded them
     * from: what a kept answer names ({@code environment.json}'s {@code releases}).
     */
    private Map<String, Object> releases() {
        Map<String, Object> releases = new LinkedHashMap<>();
        releases.put("pool", descriptor.poolRelease(dataSource));
        releases.put("driver", Releases.of(database.driverClass()));
        return releases;
    }

    private Map<String, Object> versions() {
        Map<String, Object> versions = new LinkedHashMap<>();
        versions.put("driverVersion", null);
        versions.put("serverVersion", null);
        try (Connection connection = dataSource.getConnection()) {
            DatabaseMetaData metaData = connection.getMetaData();
            versions.put("driverVersion", metaData.getDriverName() + " " + metaData.getDriverVersion());
            versions.put("serverVersion", metaData.getDatabaseProductName() + " " + metaData.getDatabaseProductVersion());
        } catch (Exception e) {
            versions.put("serverVersion", "unavailable: " + e.getMessage());
        }
        return versions;
    }

    /**
     * What equalized mode expects of the pool: the descriptor's values (evict-read-only's check query
     * among them) and the one common key the recommended settings change: every pool validates on borrow.
     */
    static Map<String, Object> expectedEqualized(PoolDescriptor<?> descriptor, PoolSettings settings) {
        Map<String, Object> expected = descriptor.equalized(settings);
        if (settings.recommended() && expected.containsKey(PoolDescriptor.VALIDATION_ON_BORROW)) {
            expected.put(PoolDescriptor.VALIDATION_ON_BORROW, descriptor.validatesOnBorrowWhenRecommended(settings));
        }
        return expected;
    }

    /** "key: expected x, effective y" for every expected key whose effective value differs. */
    static List<String> mismatches(Map<String, Object> expected, Map<String, Object> effective) {
        List<String> mismatches = new ArrayList<>();
        expected.forEach((key, want) -> {
            Object have = effective.get(key);
            if (!sameValue(want, have)) {
                mismatches.add(key + ": expected " + want + ", effective " + have);
            }
        });
        return mismatches;
    }

    private static boolean sameValue(Object want, Object have) {
        if (want instanceof Number w && have instanceof Number h) {
            return w.longValue() == h.longValue();
        }
        return Objects.equals(want, have);
    }
}
