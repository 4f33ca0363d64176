package dev.poolbench.bench.compare.stats;

import java.util.Arrays;
import java.util.SplittableRandom;

/**
 * Simulated comparisons of two pools, to check the paired verdict ({@link PairedTest}) without
 * a machine figure. The model of one comparison of {@code rounds} rounds:
 *
 * <pre>
 *   score(pool, round) = base * exp(u_round + e_pool,round) * (1 + difference if pool is "a")
 *   u_round      ~ Normal(0, s_round)   one factor shared by both runs of a round
 *   e_pool,round ~ Normal(0, s_run)     each run's own noise (lognormal scores)
 *   s_round^2 + s_run^2 = log(1 + cv^2), s_round^2 = roundShare * log(1 + cv^2)
 * </pre>
 *
 * so {@code cv} is the coefficient of variation of one pool's scores across rounds, the figure
 * the summary shows per profile. The shared factor cancels in the within-round ratio; the power
 * therefore depends on {@code s_run} only, and roundShare 0 (all of the measured CV is per-run
 * noise) gives the lowest power a measured CV allows.
 */
public final class Simulation {

    /** Counts of the words over many simulated comparisons. */
    public record Tally(int comparisons, int faster, int slower, int equivalent, int undecided, long roundsUsed) {

        public Tally(int comparisons, int faster, int slower, int equivalent, int undecided) {
            this(comparisons, faster, slower, equivalent, undecided, 0);
        }

        /** Mean rounds a comparison used (of a sequential one: where it stopped). */
        public double meanRounds() {
            return (double) roundsUsed / comparisons;
        }

        public double rate(int count) {
            return (double) count / comparisons;
        }

        /** Share of comparisons that called a difference (either direction). */
        public double differentRate() {
            return rate(faster + slower);
        }
    }

    private final double sdRun;
    private final double sdRound;
    private final SplittableRandom random;
    private boolean earlyLook;

    /**
     * @param cvPercent  coefficient of variation of one pool's score across rounds, in percent
     * @param roundShare share of the log variance that is common to both runs of a round, 0..1
     */
    public Simulation(double cvPercent, double roundShare, long seed) {
        if (!(cvPercent > 0) || !(roundShare >= 0 && roundShare < 1)) {
            throw new IllegalArgumentException("need cv > 0 and 0 <= round share < 1, got cv "
                    + cvPercent + " %, share " + roundShare);
        }
        double variance = Math.log1p(cvPercent / 100 * (cvPercent / 100));
        this.sdRound = Math.sqrt(roundShare * variance);
        this.sdRun = Math.sqrt((1 - roundShare) * variance);
        this.random = new SplittableRandom(seed);
    }

    /** One comparison: the verdict on pool a vs pool b, a truly {@code differencePercent} better. */
    public PairedTest.Result compare(int rounds, double differencePercent, double marginPercent) {
        return PairedTest.of(logRatios(rounds, differencePercent), marginPercent);
    }

    /**
     * One comparison of {@code --until-decided}: {@code rounds}, then one more at a time while the
     * verdict is undecided, up to {@code maxRounds}. Looking at the outcome after every round is
     * a sequential test: its false "faster/slower" rate is what this measures.
     */
    public PairedTest.Result compareUntilDecided(int rounds, int maxRounds, double differencePercent,
                                                 double marginPercent) {
        double[] all = logRatios(maxRounds, differencePercent);
        PairedTest.Result result = null;
        // With the early look, also after each of the first rounds from the second: a pair leaves
        // there only when decided far apart, as compare's plan does.
        int first = earlyLook && maxRounds > rounds ? Math.min(PairedTest.EARLY_LOOK_ROUNDS, rounds) : rounds;
        for (int n = first; n <= maxRounds; n++) {
            result = PairedTest.of(Arrays.copyOf(all, n), marginPercent);
            if (n < rounds ? result.farApart(PairedTest.EARLY_LOOK_MARGINS) : result.decided()) {
                break;
            }
        }
        return result;
    }

    /** The sequential comparisons also look before each of their first rounds from the second (compare's early look). */
    public Simulation withEarlyLook() {
        earlyLook = true;
        return this;
    }

    private double[] logRatios(int rounds, double differencePercent) {
        double[] logRatios = new double[rounds];
        double base = 15_000;
        for (int r = 0; r < rounds; r++) {
            double shared = sdRound * random.nextGaussian();
            double a = base * Math.exp(shared + sdRun * random.nextGaussian()) * (1 + differencePercent / 100);
            double b = base * Math.exp(shared + sdRun * random.nextGaussian());
            logRatios[r] = Math.log(a / b);
        }
        return logRatios;
    }

    /**
     * Comparisons in sittings: each sitting shifts the true log ratio by its own {@code N(0,
     * sittingSdLog)} (the build, the host's state that day), on top of the per-pair noise of
     * sd {@code ratioSdLog} (a duet ratio's); the verdict adds {@code termSdLog} as its
     * between-sitting term (0: within-sitting only). A/A ({@code differencePercent} 0): the rate of
     * "faster/slower" is the false-call rate of one sitting's verdict about the pools, not about
     * the sitting.
     */
    public static Tally sittings(long seed, int comparisons, int rounds, double ratioSdLog, double differencePercent,
                                 double sittingSdLog, double termSdLog, double marginPercent) {
        SplittableRandom random = new SplittableRandom(seed);
        int[] words = new int[PairedTest.Word.values().length];
        for (int i = 0; i < comparisons; i++) {
            double mean = Math.log1p(differencePercent / 100) + sittingSdLog * random.nextGaussian();
            double[] logs = new double[rounds];
            for (int r = 0; r < rounds; r++) {
                logs[r] = mean + ratioSdLog * random.nextGaussian();
            }
            words[PairedTest.of(logs, marginPercent, termSdLog).word().ordinal()]++;
        }
        return new Tally(comparisons, words[PairedTest.Word.FASTER.ordinal()], words[PairedTest.Word.SLOWER.ordinal()],
                words[PairedTest.Word.EQUIVALENT.ordinal()], words[PairedTest.Word.UNDECIDED.ordinal()],
                (long) comparisons * rounds);
    }

    public Tally tally(int comparisons, int rounds, double differencePercent, double marginPercent) {
        return tally(comparisons, rounds, rounds, differencePercent, marginPercent);
    }

    /** As {@link #tally(int, int, double, double)}, sequentially up to {@code maxRounds} (= rounds: fixed). */
    public Tally tally(int comparisons, int rounds, int maxRounds, double differencePercent, double marginPercent) {
        int faster = 0;
        int slower = 0;
        int equivalent = 0;
        int undecided = 0;
        long used = 0;
        for (int i = 0; i < comparisons; i++) {
            PairedTest.Result result = compareUntilDecided(rounds, Math.max(rounds, maxRounds), differencePercent,
                    marginPercent);
            used += result.n();
            switch (result.word()) {
                case FASTER -> faster++;
                case SLOWER -> slower++;
                case EQUIVALENT -> equivalent++;
                case UNDECIDED -> undecided++;
            }
        }
        return new Tally(comparisons, faster, slower, equivalent, undecided, used);
    }
}
