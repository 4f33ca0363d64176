package dev.poolbench.webapp.pool;

import dev.poolbench.webapp.InvalidSettingException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.springframework.boot.context.properties.bind.AbstractBindHandler;
import org.springframework.boot.context.properties.bind.BindContext;
import org.springframework.boot.context.properties.bind.BindHandler;
import org.springframework.boot.context.properties.bind.Bindable;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.boot.context.properties.source.ConfigurationPropertyName;
import org.springframework.boot.context.properties.source.ConfigurationPropertySources;
import org.springframework.boot.context.properties.source.IterableConfigurationPropertySource;
import org.springframework.core.env.Environment;

/**
 * What equalized mode binds onto a pool (or onto the settings bean of a pool built from one,
 * Agroal): the profile's {@code poolbench.equalized.*}, then, with
 * {@code POOLBENCH_POOL_SETTINGS=recommended}, its {@code poolbench.recommended.pool.<profile>.*},
 * which win, and with {@code evict-read-only} also its {@code poolbench.evict-read-only.pool.<profile>.*}
 * ({@code keepalive}: {@code poolbench.keepalive.pool.<profile>.*}; {@link RecommendedSettings#poolPrefixes}).
 * Such a key that no setter took stops the app ({@link #requireAllBound}): a misspelled one would
 * otherwise be ignored silently, and the run would measure the shipped pool.
 */
final class PoolBinding {

    private final Environment environment;
    private final Binder binder;
    /** The prefixes bound after the equalized values, in order; empty for shipped. */
    private final List<ConfigurationPropertyName> prefixes;
    private final Set<ConfigurationPropertyName> bound = new HashSet<>();

    /** @param set the settings asked for; @param profile the profile whose keys of {@code set} apply */
    PoolBinding(Environment environment, PoolSettingsSet set, String profile) {
        this.environment = environment;
        this.binder = Binder.get(environment);
        this.prefixes = RecommendedSettings.poolPrefixes(set, profile).stream().map(ConfigurationPropertyName::of).toList();
    }

    /** The equalized properties, then those of the settings asked for, bound onto {@code target}'s setters. */
    <B> B onto(B target) {
        binder.bind(PoolDescriptor.EQUALIZED_PREFIX, Bindable.ofInstance(target));
        BindHandler record = new AbstractBindHandler() {
            @Override
            public Object onSuccess(ConfigurationPropertyName name, Bindable<?> target, BindContext context,
                    Object result) {
                bound.add(name);
                return super.onSuccess(name, target, context, result);
            }
        };
        for (ConfigurationPropertyName prefix : prefixes) {
            binder.bind(prefix, Bindable.ofInstance(target), record);
        }
        return target;
    }

    /** @throws InvalidSettingException naming every key of the profile's settings that bound to nothing */
    void requireAllBound(String poolClass) {
        List<String> unbound = new ArrayList<>();
        for (ConfigurationPropertyName prefix : prefixes) {
            for (var source : ConfigurationPropertySources.get(environment)) {
                if (source instanceof IterableConfigurationPropertySource iterable) {
                    iterable.filter(prefix::isAncestorOf).stream()
                            .filter(name -> !bound.contains(name) && !unbound.contains(name.toString()))
                            .forEach(name -> unbound.add(name.toString()));
                }
            }
        }
        if (!unbound.isEmpty()) {
            throw new InvalidSettingException("Pool settings " + unbound + " match no setter of " + poolClass
                    + ": they would be ignored.", "Fix their names in pool-recommended.properties (the pool's own "
                    + "setter names, as in application-<profile>.properties).");
        }
    }
}
