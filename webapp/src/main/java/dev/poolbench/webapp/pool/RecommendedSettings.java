package dev.poolbench.webapp.pool;

import dev.poolbench.webapp.InvalidSettingException;
import java.security.Security;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.springframework.boot.context.properties.source.ConfigurationPropertyName;
import org.springframework.boot.context.properties.source.ConfigurationPropertySources;
import org.springframework.boot.context.properties.source.IterableConfigurationPropertySource;
import org.springframework.core.env.Environment;

/**
 * {@code POOLBENCH_POOL_SETTINGS} ({@link PoolSettingsSet}): {@code shipped} (the default: the profile's
 * equalized values and the app's JDBC URL, what poolbench ships) or {@code recommended}: on top of those,
 * what a careful user sets so a pool fails fast while the database is away and recovers when it is back,
 * all of it kept in {@code pool-recommended.properties} (the JDBC URL's timeouts, each pool's
 * {@value #POOL_PREFIX}.&lt;profile&gt;.* bound by {@link PoolBinding}, the JVM's DNS cache time);
 * {@code evict-read-only} adds each pool's {@value #EVICT_POOL_PREFIX}.&lt;profile&gt;.* to recommended,
 * {@code keepalive} its {@value #KEEPALIVE_POOL_PREFIX}.&lt;profile&gt;.*.
 */
final class RecommendedSettings {

    static final String SETTING = "POOLBENCH_POOL_SETTINGS";
    static final String PREFIX = "poolbench.recommended";
    static final String POOL_PREFIX = PREFIX + ".pool";
    static final String EVICT_PREFIX = "poolbench.evict-read-only";
    static final String EVICT_POOL_PREFIX = EVICT_PREFIX + ".pool";
    static final String KEEPALIVE_POOL_PREFIX = "poolbench.keepalive.pool";
    /** The query that fails on a read-only server, of the app's database (a placeholder in the file picks it). */
    static final String READ_ONLY_CHECK = EVICT_PREFIX + ".check-query";
    /** The JVM's DNS cache time, a security property (not a system property: -D would not set it). */
    static final String DNS_TTL_PROPERTY = "networkaddress.cache.ttl";

    private RecommendedSettings() {
    }

    /** The settings asked for; an unknown value stops the app. */
    static PoolSettingsSet requested(Environment environment) {
        return PoolSettingsSet.parse(environment.getProperty(SETTING));
    }

    /** The property prefixes bound onto {@code profile}'s pool after its equalized values, in order (later ones win). */
    static List<String> poolPrefixes(PoolSettingsSet set, String profile) {
        return switch (set) {
            case SHIPPED -> List.of();
            case RECOMMENDED -> List.of(POOL_PREFIX + "." + profile);
            case EVICT_READ_ONLY -> List.of(POOL_PREFIX + "." + profile, EVICT_POOL_PREFIX + "." + profile);
            case KEEPALIVE -> List.of(POOL_PREFIX + "." + profile, KEEPALIVE_POOL_PREFIX + "." + profile);
        };
    }

    /**
     * The query that fails on a read-only server and returns a row on a writable one, for the app's
     * database: what the pools that validate by query run under evict-read-only.
     */
    static String readOnlyCheck(Environment environment) {
        return required(environment, READ_ONLY_CHECK);
    }

    /** The driver settings that replace or extend the app's own on the JDBC URL ({@code a=1&b=2}). */
    static String urlSettings(Environment environment, boolean postgres) {
        return required(environment, PREFIX + (postgres ? ".postgres-url" : ".mysql-url"));
    }

    /**
     * Sets the JVM's DNS cache time. Called before any bean exists ({@link PoolSettingsCheck}), so
     * before the first name lookup of the database host fixes the cache policy for the JVM's life.
     */
    static void applyJvm(Environment environment) {
        Security.setProperty(DNS_TTL_PROPERTY, String.valueOf(dnsCacheTtlSeconds(environment)));
    }

    /**
     * What the settings {@code set} apply to {@code profile}, for the read-back: key → configured value
     * (a key of evict-read-only or keepalive replaces recommended's of the same name).
     */
    static Map<String, Object> applied(Environment environment, PoolSettingsSet set, String profile, boolean postgres) {
        Map<String, Object> map = new LinkedHashMap<>();
        map.put("jdbcUrlSettings", urlSettings(environment, postgres));
        map.put(DNS_TTL_PROPERTY, Security.getProperty(DNS_TTL_PROPERTY));
        for (String prefix : poolPrefixes(set, profile)) {
            Map<String, Object> keys = new LinkedHashMap<>();
            ConfigurationPropertyName pool = ConfigurationPropertyName.of(prefix);
            for (var source : ConfigurationPropertySources.get(environment)) {
                if (source instanceof IterableConfigurationPropertySource iterable) {
                    iterable.filter(pool::isAncestorOf).stream().forEach(name -> keys.putIfAbsent(
                            name.toString().substring(prefix.length() + 1), environment.getProperty(name.toString())));
                }
            }
            map.putAll(keys);
        }
        return map;
    }

    private static int dnsCacheTtlSeconds(Environment environment) {
        String raw = required(environment, PREFIX + ".dns-cache-ttl-seconds");
        try {
            return Integer.parseInt(raw.trim());
        } catch (NumberFormatException e) {
            throw new InvalidSettingException(PREFIX + ".dns-cache-ttl-seconds must be a whole number of seconds, "
                    + "but is '" + raw + "'.", "Fix pool-recommended.properties.");
        }
    }

    private static String required(Environment environment, String key) {
        String value = environment.getProperty(key);
        if (value == null || value.isBlank()) {
            throw new InvalidSettingException(key + " is missing: " + SETTING + "=" + requested(environment).label()
                    + " needs it.",
                    "Keep pool-recommended.properties (imported by application.properties) complete.");
        }
        return value.trim();
    }
}
