package dev.poolbench.bench.compare.plan;

import dev.poolbench.bench.compare.util.UsageException;
import java.util.ArrayList;
import java.util.List;

/**
 * The webapp's pool profiles as compare and faults know them: the one list of this module. It
 * mirrors {@code dev.poolbench.webapp.pool.PoolProfiles.ALL} (the bench stays outside the webapp's
 * build), and {@code ProfilesTest} fails when the two drift apart.
 */
public final class Profiles {

    /** Every pool profile, in the webapp's order (the no-pool baseline last). */
    public static final List<String> ALL =
            List.of("hikari", "tomcat", "dbcp", "dbcp2", "c3p0", "vibur", "agroal", "ucp", "nopool");

    /**
     * What runs without {@code --profiles}: the five of the ISUCON4-era comparisons. {@code all}
     * adds c3p0, Vibur, Agroal and UCP (docs/pools.md, "Which pools run by default").
     */
    public static final List<String> DEFAULT = List.of("hikari", "tomcat", "dbcp", "dbcp2", "nopool");

    /** The {@code --profiles} word for {@link #ALL}. */
    public static final String EVERY = "all";

    private Profiles() {
    }

    /**
     * The comma-separated names of {@code --profiles}, trimmed and lower-cased, with {@code all}
     * replaced by {@link #ALL}; empty items are kept (as "") for the caller to judge.
     */
    public static List<String> expand(String value) {
        List<String> names = new ArrayList<>();
        for (String item : value.split(",", -1)) {
            String name = item.trim().toLowerCase(java.util.Locale.ROOT);
            if (name.equals(EVERY)) {
                names.addAll(ALL);
            } else {
                names.add(name);
            }
        }
        return names;
    }

    /** "hikari, tomcat, ..., or all", for error messages. */
    public static String valid() {
        return String.join(", ", ALL) + ", or " + EVERY;
    }

    /** The labels of --profiles: names checked, {@code all} expanded, a name listed again an A/A copy ({@code hikari_2}). */
    static List<String> parse(String value) throws UsageException {
        List<String> list = new ArrayList<>();
        for (String name : expand(value)) {
            if (name.isEmpty()) {
                continue;
            }
            if (!ALL.contains(name)) {
                throw new UsageException("unknown profile '" + name + "'; valid profiles: " + valid());
            }
            // A profile listed again is an A/A copy: same app profile, its own label.
            long copies = list.stream().filter(l -> CompareOptions.appProfile(l).equals(name)).count();
            list.add(copies == 0 ? name : name + "_" + (copies + 1));
        }
        if (list.isEmpty()) {
            throw new UsageException("--profiles is empty; valid profiles: " + valid());
        }
        return List.copyOf(list);
    }
}
