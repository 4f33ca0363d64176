package dev.poolbench.bench.compare.util;

/** Human-readable durations for progress lines and summaries. */
public final class Durations {

    private Durations() {
    }

    /** 75_000 → "1m 15s"; 3_725_000 → "1h 02m 05s"; under a minute with one decimal. */
    public static String format(long millis) {
        if (millis < 60_000) {
            return String.format(java.util.Locale.ROOT, "%.1fs", millis / 1000.0);
        }
        long seconds = Math.round(millis / 1000.0);
        long h = seconds / 3600;
        long m = seconds % 3600 / 60;
        long s = seconds % 60;
        return h > 0 ? String.format("%dh %02dm %02ds", h, m, s) : String.format("%dm %02ds", m, s);
    }
}
