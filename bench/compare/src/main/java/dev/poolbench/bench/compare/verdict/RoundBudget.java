package dev.poolbench.bench.compare.verdict;

import dev.poolbench.bench.compare.plan.RunRecord;
import java.util.List;
import java.util.Locale;
import java.util.function.LongSupplier;

/**
 * The wall-clock budget of {@code --until-decided} ({@code --max-minutes}): how many more rounds
 * of a given number of windows fit in the minutes left. A window's time is the comparison's
 * time so far over the windows run so far (database start and class-data training included,
 * so the estimate errs long), the same estimate as the size search's budget.
 *
 * @param maxMinutes    the budget, minutes of the whole comparison
 * @param elapsedMillis the milliseconds since the comparison began
 */
public record RoundBudget(double maxMinutes, LongSupplier elapsedMillis) {

    public RoundBudget {
        if (!(maxMinutes > 0)) {
            throw new IllegalArgumentException("a budget needs minutes > 0, got " + maxMinutes);
        }
    }

    /** A budget counted from now. */
    public static RoundBudget startingNow(double maxMinutes) {
        long start = System.nanoTime();
        return new RoundBudget(maxMinutes, () -> (System.nanoTime() - start) / 1_000_000);
    }

    /** Rounds of {@code windowsPerRound} windows each that still fit, at the time per window measured in {@code runs}. */
    int roundsThatFit(int windowsPerRound, List<RunRecord> runs) {
        long windows = windows(runs);
        if (windows == 0 || windowsPerRound <= 0) {
            return 0;
        }
        double elapsed = elapsedMillis.getAsLong();
        double left = maxMinutes * 60_000 - elapsed;
        return left <= 0 ? 0 : (int) Math.floor(left / (windowsPerRound * windowMillis(runs)));
    }

    /** "the 30-min budget (--max-minutes): 28.1 min spent, a round of 1 duet takes about 2.5 min". */
    String describe(int windowsPerRound, List<RunRecord> runs) {
        boolean duets = isDuets(runs);
        return String.format(Locale.ROOT, "the %s-min budget (--max-minutes): %.1f min spent, a round of %d %s takes "
                        + "about %.1f min", PairedVerdict.marginText(maxMinutes), elapsedMillis.getAsLong() / 60_000.0,
                windowsPerRound, duets ? (windowsPerRound == 1 ? "duet" : "duets") : (windowsPerRound == 1 ? "run"
                        : "runs"), windowsPerRound * windowMillis(runs) / 60_000);
    }

    /** Windows of one round of {@code pairs} pairs: a duet per pair, or in solo each profile's run and the reference's. */
    static int windowsPerRound(int pairs, List<RunRecord> runs) {
        return isDuets(runs) ? pairs : pairs + 1;
    }

    private double windowMillis(List<RunRecord> runs) {
        return (double) elapsedMillis.getAsLong() / Math.max(1, windows(runs));
    }

    private static boolean isDuets(List<RunRecord> runs) {
        return runs.stream().anyMatch(r -> r.json().path("duet").has("window"));
    }

    /** Measured windows so far: a duet's two lanes are one window, a solo run is one. */
    static long windows(List<RunRecord> runs) {
        long duetWindows = runs.stream().filter(r -> r.json().path("duet").has("window"))
                .map(r -> r.json().path("duet").path("window").asText()).distinct().count();
        return duetWindows + runs.stream().filter(r -> !r.json().path("duet").has("window")).count();
    }
}
