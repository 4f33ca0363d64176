package dev.poolbench.bench.compare.variant;

import dev.poolbench.bench.compare.util.UsageException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * {@code --plant none,cpu:200us}: a difference of known size planted in the app
 * ({@code POOLBENCH_PLANT}, docs/planted-difference.md), to check that a comparison finds what is
 * there. {@code cpu:<N>us} burns N µs of CPU per borrow while the connection is held,
 * {@code wait:<N>us} sleeps N µs per borrow while it is held; {@code cpu} and {@code wait} alone
 * take the default sizes, estimated to cost 5-10 % of the score each. Not a pool difference: the
 * summary says so in its first line.
 *
 * @param kind   none, cpu or wait
 * @param micros per borrow; 0 for none
 */
public record Plant(String kind, int micros) {

    public static final Plant NONE = new Plant("none", 0);
    /** {@code cpu} alone: see docs/planted-difference.md ("Size") for the estimate behind it. */
    public static final int DEFAULT_CPU_MICROS = 100;
    /** {@code wait} alone: see docs/planted-difference.md ("Size"). */
    public static final int DEFAULT_WAIT_MICROS = 3000;
    /** The app's own limit. */
    public static final int MAX_MICROS = 1_000_000;
    private static final Pattern SYNTAX = Pattern.compile("(cpu|wait)(?::([0-9]{1,7})us)?");

    /** Whether anything is planted. */
    public boolean planted() {
        return micros > 0;
    }

    /** {@code none}, {@code cpu:200us}: the app's {@code POOLBENCH_PLANT} and the label in records. */
    public String label() {
        return planted() ? kind + ":" + micros + "us" : "none";
    }

    /** One value: none, cpu[:Nus], wait[:Nus]. */
    static Plant parse(String raw) throws UsageException {
        String text = raw.trim().toLowerCase(Locale.ROOT);
        if (text.equals("none")) {
            return NONE;
        }
        Matcher m = SYNTAX.matcher(text);
        if (!m.matches()) {
            throw new UsageException("--plant takes none, cpu:<N>us or wait:<N>us (N in microseconds, e.g. "
                    + "cpu:200us), or cpu / wait for the default sizes; got '" + raw.trim() + "'");
        }
        boolean cpu = m.group(1).equals("cpu");
        int micros = m.group(2) == null ? (cpu ? DEFAULT_CPU_MICROS : DEFAULT_WAIT_MICROS) : Integer.parseInt(m.group(2));
        if (micros < 1 || micros > MAX_MICROS) {
            throw new UsageException("--plant " + raw.trim() + ": N must be 1 to " + MAX_MICROS + " microseconds");
        }
        return new Plant(m.group(1), micros);
    }

    /** A comma list, in the order given (the first is the reference of variant duets); repeats are usage errors. */
    public static List<Plant> parseList(String value) throws UsageException {
        List<Plant> plants = new ArrayList<>();
        for (String raw : value.split(",")) {
            if (raw.isBlank()) {
                continue;
            }
            Plant plant = parse(raw);
            if (plants.contains(plant)) {
                throw new UsageException("plant " + plant.label() + " listed twice in --plant");
            }
            plants.add(plant);
        }
        if (plants.isEmpty()) {
            throw new UsageException("--plant is empty; give none, cpu:<N>us, wait:<N>us or a comma list");
        }
        return List.copyOf(plants);
    }
}
