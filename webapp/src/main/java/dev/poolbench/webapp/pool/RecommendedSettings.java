package dev.poolbench.webapp.pool;

import dev.poolbench.webapp.InvalidSettingException;
import java.security.Security;
import java.util.LinkedHashMap;
import java.util.Map;
import org.springframework.boot.context.properties.source.ConfigurationPropertyName;
import org.springframework.boot.context.properties.source.ConfigurationPropertySources;
import org.springframework.boot.context.properties.source.IterableConfigurationPropertySource;
import org.springframework.core.env.Environment;

/**
 * {@code POOLBENCH_POOL_SETTINGS}: {@code shipped} (the default: the profile's equalized values and
 * the app's JDBC URL, what poolbench ships) or {@code recommended}: on top of those, what a careful
 * user sets so a pool fails fast while the database is away and recovers when it is back, all of it
 * kept in {@code pool-recommended.properties} (the JDBC URL's timeouts, each pool's
 * {@value #POOL_PREFIX}.&lt;profile&gt;.* bound by {@link PoolBinding}, the JVM's DNS cache time).
 */
final class RecommendedSettings {

    static final String SETTING = "POOLBENCH_POOL_SETTINGS";
    static final String SHIPPED = "shipped";
    static final String RECOMMENDED = "recommended";
    static final String PREFIX = "poolbench.recommended";
    static final String POOL_PREFIX = PREFIX + ".pool";
    /** The JVM's DNS cache time, a security property (not a system property: -D would not set it). */
    static final String DNS_TTL_PROPERTY = "networkaddress.cache.ttl";

    private RecommendedSettings() {
    }

    /** Whether the recommended settings apply; anything but shipped or recommended stops the app. */
    static boolean requested(Environment environment) {
        String raw = environment.getProperty(SETTING, SHIPPED).trim();
        return switch (raw.isEmpty() ? SHIPPED : raw) {
            case SHIPPED -> false;
            case RECOMMENDED -> true;
            default -> throw new InvalidSettingException(SETTING + " must be 'shipped' or 'recommended', but is '"
                    + raw + "'.", "Set " + SETTING + " to shipped (default) or recommended.");
        };
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

    /** What recommended mode applies for {@code profile}, for the read-back: key → configured value. */
    static Map<String, Object> applied(Environment environment, String profile, boolean postgres) {
        Map<String, Object> map = new LinkedHashMap<>();
        map.put("jdbcUrlSettings", urlSettings(environment, postgres));
        map.put(DNS_TTL_PROPERTY, Security.getProperty(DNS_TTL_PROPERTY));
        ConfigurationPropertyName pool = ConfigurationPropertyName.of(POOL_PREFIX + "." + profile);
        for (var source : ConfigurationPropertySources.get(environment)) {
            if (source instanceof IterableConfigurationPropertySource iterable) {
                iterable.filter(pool::isAncestorOf).stream().forEach(name -> map.putIfAbsent(
                        name.toString().substring(pool.toString().length() + 1), environment.getProperty(name.toString())));
            }
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
            throw new InvalidSettingException(key + " is missing: " + SETTING + "=recommended needs it.",
                    "Keep pool-recommended.properties (imported by application.properties) complete.");
        }
        return value.trim();
    }
}
