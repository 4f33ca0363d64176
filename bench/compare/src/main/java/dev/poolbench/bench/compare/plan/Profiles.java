package dev.poolbench.bench.compare.plan;

import dev.poolbench.bench.compare.util.UsageException;
import dev.poolbench.bench.compare.variant.Pools;
import java.util.ArrayList;
import java.util.List;

/** The app's pools as compare and faults know them: its catalogue ({@link Pools}). */
public final class Profiles {

    private static final Pools CATALOGUE = Pools.catalogue();

    /** Every pool profile, in the webapp's order (the no-pool baseline last). */
    public static final List<String> ALL = CATALOGUE.names();

    /** What runs without {@code --profiles} (docs/pools.md, "Which pools run by default"). */
    public static final List<String> DEFAULT = CATALOGUE.defaults();

    /** The no-pool baseline, a connection per request: the catalogue lists it last. */
    public static final String NO_POOL = ALL.get(ALL.size() - 1);

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
