package dev.poolbench.bench.compare.stats;

import java.util.Locale;

/**
 * The paired comparison of two pools measured in the same rounds. Each round is a block: the
 * machine's state during a round (its neighbours, its thermal state, the data on disk) moves
 * both runs of the round alike, so the within-round log ratio {@code log(score_a / score_b)}
 * cancels it, where two independent samples would carry it as noise.
 *
 * <p>On the n log ratios: Student's t interval (95 %) of their mean, turned back into a ratio
 * and shown in percent. The word: {@code faster} / {@code slower} when the 95 % interval lies
 * above / below zero (a two-sided paired t-test at 5 %); else {@code equivalent within ±X %}
 * when the 90 % interval lies inside ±log(1 + X/100) (two one-sided tests at 5 % each, TOST);
 * else {@code undecided}, with the number of rounds that would settle it if the mean and the
 * spread stayed as observed.
 *
 * <p>The interval can include a between-sitting term ({@code betweenSdLog}, the sd tau of the
 * true log ratio from one sitting of the machine to the next, measured by {@code sittings}): its
 * half-width is then {@code sqrt((t * se)^2 + (z * tau)^2)}. The rounds of one sitting only measure se,
 * the noise within it; a reader takes the interval as the uncertainty of the answer, which
 * another sitting of the same comparison also carries (docs/validity.md). tau is taken as known
 * (measured beforehand, not from this sitting), so its part of the half-width takes the normal
 * quantile and se's part keeps Student's with n - 1 df: half = sqrt((t * se)^2 + (z * tau)^2).
 * Both one t on sqrt(se^2 + tau^2) with n - 1 df (tau times 4.3 after 3 duets: the A/A false-call
 * rate falls to 0 and the equivalence verdict with it) and one with Welch-Satterthwaite's df
 * (its df grow with tau, so adding the term could narrow an interval) were worse; this one only
 * ever widens, is the within-sitting interval at tau 0 and z * tau when se is 0, and keeps the
 * A/A false-call rate near 5 % (PowerTable --sitting-sd).
 */
public final class PairedTest {

    /** Rounds beyond which the estimate of the rounds needed gives up ("more than ..."). */
    public static final int MAX_ROUNDS_ESTIMATE = 1_000;

    /**
     * The early look of a sequential plan ({@code compare --until-decided}): before each of its
     * first rounds after this many, a pair decided faster or slower by more than
     * {@link #EARLY_LOOK_MARGINS} equivalence margins is not measured again.
     */
    public static final int EARLY_LOOK_ROUNDS = 2;

    /** Far enough apart that an A/A pair practically never leaves early (PowerTable --early-look). */
    public static final double EARLY_LOOK_MARGINS = 2;

    /** {@link #EARLY_LOOK_MARGINS} for the lines that name it. */
    public static final String EARLY_LOOK_MARGINS_TEXT = "2";

    public enum Word {
        FASTER, SLOWER, EQUIVALENT, UNDECIDED;

        /** The word as printed and written to summary.json. */
        public String label() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    /**
     * @param n                 paired rounds
     * @param estimatePercent   the difference a vs b, 100 (exp(mean log ratio) - 1)
     * @param lowPercent        lower end of its 95 % interval, NaN when n < 2
     * @param low90Percent      lower end of its 90 % interval (the equivalence test's), NaN when n < 2
     * @param roundsNeeded      for {@code undecided}: paired rounds in all that would settle it at
     *                          the observed mean and spread; -1 more than {@value #MAX_ROUNDS_ESTIMATE}
     *                          or unknown (fewer than 2 rounds); 0 for a decided word
     */
    public record Result(int n, double estimatePercent, double lowPercent, double highPercent,
                         double low90Percent, double high90Percent,
                         double sdLog, Word word, double marginPercent, int roundsNeeded, Spread spread) {

        /** Whether the interval includes a between-sitting term. */
        public boolean withBetween() {
            return spread.betweenSdLog() > 0;
        }

        /** The 95 % interval of the within-sitting noise alone, e.g. {@code [-3.3 .. +2.5]}. */
        public String withinInterval() {
            return n < 2 ? "[no interval]" : "[" + signed(spread.withinLowPercent()) + " .. "
                    + signed(spread.withinHighPercent()) + "]";
        }

        /**
         * The interval that decided the word: the 95 % one for faster / slower (the difference
         * test), the 90 % one for equivalent (TOST). An undecided pair failed both tests, so its
         * deciding interval is the 95 % one, the wider: it crosses zero and the margin both, and a
         * reader sees at once why neither word came out; {@link #deciding()} names the 90 % one too.
         */
        public Interval decidingInterval() {
            return word == Word.EQUIVALENT ? new Interval(90, low90Percent, high90Percent, "equivalence")
                    : new Interval(95, lowPercent, highPercent, decided() ? "difference" : "undecided");
        }

        /**
         * The estimate with the interval that decided, labelled: {@code -0.5 %, 90 % CI [-4.2 .. +3.3]
         * (equivalence)}, {@code +7.1 %, 95 % CI [+2.0 .. +12.4] (difference)}; an undecided pair
         * shows both intervals and what each missed.
         */
        public String deciding() {
            if (n < 2) {
                return interval();
            }
            String estimate = signed(estimatePercent) + " %, ";
            return switch (word) {
                case FASTER, SLOWER -> estimate + decidingInterval().text() + " (difference)";
                case EQUIVALENT -> estimate + decidingInterval().text() + " (equivalence)";
                case UNDECIDED -> estimate + decidingInterval().text() + " spans 0 and "
                        + new Interval(90, low90Percent, high90Percent, "equivalence").text()
                        + " is not inside ±" + margin(marginPercent) + " %";
            };
        }

        /**
         * The tightest equivalence margin the 90 % interval supports: the smallest X, rounded up
         * to 0.1, with the interval inside ±X % as the equivalence test reads a margin (symmetric
         * in the log: ±X % spans -X/(1+X) .. +X), so "within ±X %" is the word the rule would
         * give at that margin; NaN when n < 2. [-5.8 .. -0.2] gives 6.2 (a ratio 1/1.062 = -5.8 %).
         */
        public double supportedMarginPercent() {
            if (n < 2) {
                return Double.NaN;
            }
            double widest = Math.max(Math.abs(Math.log1p(low90Percent / 100)), Math.abs(Math.log1p(high90Percent / 100)));
            return Math.ceil(percent(widest) * 10 - 1e-9) / 10;
        }

        /**
         * {@code faster} / {@code slower} where the 95 % interval excludes 0 (the difference test),
         * {@code likely faster} / {@code likely slower} where only the 90 % one does (a one-sided
         * test at 5 %), empty where both hold 0.
         */
        public String direction() {
            if (n < 2) {
                return "";
            }
            String side = lowPercent > 0 ? "faster" : highPercent < 0 ? "slower" : null;
            if (side != null) {
                return side;
            }
            return low90Percent > 0 ? "likely faster" : high90Percent < 0 ? "likely slower" : "";
        }

        /**
         * What the intervals support beside the word, whatever it is: {@code within ±6.2 %, likely
         * slower}, {@code within ±3.1 %}; for a pair decided faster or slower, how much, from its 95 %
         * interval: {@code by 42.1 to 47.0 %} (a margin would say little there); {@code no interval}
         * when n < 2.
         */
        public String statement() {
            if (n < 2) {
                return "no interval";
            }
            if (word == Word.FASTER || word == Word.SLOWER) {
                double near = Math.min(Math.abs(lowPercent), Math.abs(highPercent));
                double far = Math.max(Math.abs(lowPercent), Math.abs(highPercent));
                return String.format(Locale.ROOT, "by %.1f to %.1f %%", near, far);
            }
            String direction = direction();
            return "within ±" + String.format(Locale.ROOT, "%.1f", supportedMarginPercent()) + " %"
                    + (direction.isEmpty() ? "" : ", " + direction);
        }

        /**
         * This result with the rounds needed predicted from its own sd pooled with the design's
         * measured one ({@code noise}), as {@link PairedTest#of(double[], double, BetweenSd, DuetNoise)} does.
         */
        public Result withNoise(DuetNoise noise) {
            if (word != Word.UNDECIDED || n < 2 || !noise.measured()) {
                return this;
            }
            int needed = PairedIntervals.roundsNeeded(spread.meanLog(), noise.pooledWith(sdLog, n),
                    spread.betweenSdLog(), Math.log1p(marginPercent / 100), n);
            return new Result(n, estimatePercent, lowPercent, highPercent, low90Percent, high90Percent, sdLog, word,
                    marginPercent, needed, spread);
        }

        /**
         * Whether more rounds may settle it within {@code maxRounds} rounds in all at this spread:
         * false when the prediction needs more, or none would do (the between-sitting sd stays).
         */
        public boolean settlesWithin(int maxRounds) {
            return decided() || n < 2 || roundsNeeded > 0 && roundsNeeded <= maxRounds;
        }

        /** Half the width of the 95 % interval, in percent points; NaN when n < 2. */
        public double halfWidthPercent() {
            return (highPercent - lowPercent) / 2;
        }

        public boolean decided() {
            return word != Word.UNDECIDED;
        }

        /**
         * Faster or slower, its estimate more than {@code margins} equivalence margins from 0: a
         * word an early look may keep (a third duet of a pool 40 % slower changes no decision).
         */
        public boolean farApart(double margins) {
            return (word == Word.FASTER || word == Word.SLOWER) && Math.abs(estimatePercent) > margins * marginPercent;
        }

        /** Whether the whole 95 % interval lies inside the equivalence margin (±X % in the log). */
        public boolean insideMargin() {
            return n >= 2 && PairedTest.insideMargin(Math.log1p(lowPercent / 100), Math.log1p(highPercent / 100),
                    marginPercent);
        }

        /** The estimate and the deciding interval, for a table cell: {@code -0.5 %, 90 % CI [-4.2 .. +3.3]}. */
        public String brief() {
            return n < 2 ? interval() : signed(estimatePercent) + " %, " + decidingInterval().text();
        }

        /** e.g. {@code +3.1 % [-0.8 .. +7.0]}: the 95 % interval, unlabelled. */
        public String interval() {
            if (n == 0) {
                return "no round with both runs counted";
            }
            if (n < 2) {
                return signed(estimatePercent) + " % [no interval]";
            }
            return signed(estimatePercent) + " % [" + signed(lowPercent) + " .. " + signed(highPercent) + "]";
        }

        /**
         * One decimal with its sign; no "-0.0" for a difference that rounds to nothing, and a
         * cap for the upper ends that a wide log interval reaches with very few rounds
         * (summary.json keeps the exact value).
         */
        static String signed(double percent) {
            if (percent > 999.9) {
                return ">+999.9";
            }
            String text = String.format(Locale.ROOT, "%+.1f", percent);
            return text.equals("-0.0") ? "+0.0" : text;
        }

        /** e.g. {@code equivalent within ±5 %}, {@code undecided (about 12 rounds would settle it)}. */
        public String verdict() {
            return switch (word) {
                // Both true at once: a difference, and one smaller than the margin. Saying only
                // "slower" read as a contradiction beside another sitting's "equivalent" for the
                // same -2 % (tomcat and dbcp2 against hikari, 2026-11-25).
                case FASTER, SLOWER -> insideMargin() ? word.label() + ", by less than " + margin(marginPercent)
                        + " %" : word.label();
                case EQUIVALENT -> String.format(Locale.ROOT, "equivalent within ±%s %%", margin(marginPercent));
                case UNDECIDED -> n < 2 ? "undecided (needs at least 2 rounds with both runs counted)"
                        : roundsNeeded < 0 && withBetween() ? "undecided (more rounds cannot settle it: the "
                                + "between-sitting sd stays; other sittings can)"
                        : roundsNeeded < 0 ? "undecided (more than " + MAX_ROUNDS_ESTIMATE
                                + " rounds would be needed at this spread)"
                        : "undecided (about " + roundsNeeded + " rounds in all would settle it at this spread)";
            };
        }
    }

    /**
     * An interval of the difference in percent at a confidence level, and the test it served
     * ({@code difference}, {@code equivalence}, or {@code undecided} when neither test passed).
     */
    public record Interval(int level, double lowPercent, double highPercent, String test) {

        /** e.g. {@code 90 % CI [-4.2 .. +3.3]}. */
        public String text() {
            return level + " % CI [" + Result.signed(lowPercent) + " .. " + Result.signed(highPercent) + "]";
        }
    }

    private PairedTest() {
    }

    /**
     * The equivalence margin ±X % as the bounds of a ratio, in percent: {@code -X/(1+X)} and
     * {@code +X} (the test is symmetric in the log, so the lower bound of ±5 % is -4.76 %).
     */
    public static double[] marginBoundsPercent(double marginPercent) {
        double delta = Math.log1p(marginPercent / 100);
        return new double[] {percent(-delta), percent(delta)};
    }

    static String margin(double percent) {
        return percent == Math.rint(percent) ? String.valueOf((long) percent)
                : String.format(Locale.ROOT, "%.1f", percent);
    }

    /**
     * @param logRatios     {@code log(score_a / score_b)} of each round where both runs counted
     * @param marginPercent equivalence margin X (equivalent within ±X %), > 0
     */
    public static Result of(double[] logRatios, double marginPercent) {
        return of(logRatios, marginPercent, 0);
    }

    /**
     * @param betweenSdLog between-sitting sd of the log ratio added to the interval (0: none);
     *                     it widens both the 95 % (faster/slower) and the 90 % (equivalence) interval
     */
    public static Result of(double[] logRatios, double marginPercent, double betweenSdLog) {
        return of(logRatios, marginPercent, BetweenSd.constant(betweenSdLog), DuetNoise.NONE);
    }

    /** As above, the between-sitting sd taken at the pair's own mean log ratio ({@link BetweenSd#at}). */
    public static Result of(double[] logRatios, double marginPercent, BetweenSd between) {
        return of(logRatios, marginPercent, between, DuetNoise.NONE);
    }

    /**
     * @param noise the duet sd measured for the design (kept sittings): an undecided pair's
     *              rounds needed are predicted from its own sd pooled with it (the interval and
     *              the word use the pair's own sd alone)
     */
    public static Result of(double[] logRatios, double marginPercent, BetweenSd between, DuetNoise noise) {
        if (!(marginPercent > 0)) {
            throw new IllegalArgumentException("equivalence margin must be > 0 %, got " + marginPercent);
        }
        int n = logRatios.length;
        if (n == 0) {
            return new Result(0, Double.NaN, Double.NaN, Double.NaN, Double.NaN, Double.NaN, Double.NaN,
                    Word.UNDECIDED, marginPercent, -1, Spread.NONE);
        }
        double mean = 0;
        for (double d : logRatios) {
            mean += d;
        }
        mean /= n;
        double betweenSdLog = between.at(mean);
        if (n < 2) {
            return new Result(1, percent(mean), Double.NaN, Double.NaN, Double.NaN, Double.NaN, Double.NaN,
                    Word.UNDECIDED, marginPercent, -1, new Spread(mean, Double.NaN, 0, betweenSdLog));
        }
        double squares = 0;
        for (double d : logRatios) {
            squares += (d - mean) * (d - mean);
        }
        double sd = Math.sqrt(squares / (n - 1));
        double se = sd / Math.sqrt(n);
        double half95 = PairedIntervals.half(0.975, se, n - 1, betweenSdLog);
        double half90 = PairedIntervals.half(0.95, se, n - 1, betweenSdLog);
        double delta = Math.log1p(marginPercent / 100);
        Word word = word(mean, half95, half90, marginPercent);
        int needed = word == Word.UNDECIDED
                ? PairedIntervals.roundsNeeded(mean, noise.pooledWith(sd, n), betweenSdLog, delta, n) : 0;
        return new Result(n, percent(mean), percent(mean - half95), percent(mean + half95),
                percent(mean - half90), percent(mean + half90), sd, word, marginPercent, needed,
                new Spread(mean, se, n - 1, betweenSdLog));
    }

    /**
     * The verdict's word from a log ratio and the half-widths of its 95 % and 90 % intervals:
     * faster / slower when the 95 % interval lies wholly above / below 0, equivalent when the 90 %
     * interval lies inside the margin, else undecided. The one rule for a sitting's duets and for
     * sittings pooled ({@code sittings}).
     */
    public static Word word(double meanLog, double half95, double half90, double marginPercent) {
        if (meanLog - half95 > 0) {
            return Word.FASTER;
        } else if (meanLog + half95 < 0) {
            return Word.SLOWER;
        } else if (insideMargin(meanLog - half90, meanLog + half90, marginPercent)) {
            return Word.EQUIVALENT;
        }
        return Word.UNDECIDED;
    }

    /**
     * Whether an interval (its ends in the log) lies inside ±margin: the 90 % one makes a pair
     * equivalent; the 95 % one makes a faster or slower word say "by less than".
     */
    public static boolean insideMargin(double lowLog, double highLog, double marginPercent) {
        double delta = Math.log1p(marginPercent / 100);
        return lowLog > -delta && highLog < delta;
    }

    /** The half-width of a 95 % interval of a log ratio, as {@link #of} makes it. */
    public static double half95(double se, int df, double tau) {
        return PairedIntervals.half(0.975, se, df, tau);
    }

    static double percent(double log) {
        return 100 * Math.expm1(log);
    }
}
