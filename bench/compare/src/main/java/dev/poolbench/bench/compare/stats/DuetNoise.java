package dev.poolbench.bench.compare.stats;

import com.fasterxml.jackson.databind.JsonNode;
import dev.poolbench.bench.compare.util.Json;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.List;

/**
 * The sd of one duet's log ratio as measured for a design (shared-host or isolated duets, solo
 * rounds) over the kept sittings, with its degrees of freedom: what the prediction of the rounds
 * a pair still needs starts from. Three duets give a pair's own sd on 2 df, so the prediction
 * from it alone swung from "about 11 more" to "about 25 more" between two rounds of one pair
 * (2026-11-28); pooled with the design's, on tens of df, it holds still.
 *
 * @param sdLog the sd of one duet's log ratio, NaN when not measured
 * @param df    its degrees of freedom (0 when not measured)
 */
public record DuetNoise(double sdLog, int df) {

    /** Not measured: a pair's prediction uses its own sd alone. */
    public static final DuetNoise NONE = new DuetNoise(Double.NaN, 0);

    /**
     * Where the measured sds are kept, per design, beside the between-sitting term: the runner's
     * between-sitting.json (verdict.BetweenSitting reads the same file for the term).
     */
    public static final String STORED = "/dev/poolbench/bench/compare/verdict/between-sitting.json";

    /** The design's stored sd ({@code duetSdPercent}, {@code duetSdDf}); {@link #NONE} when it has none. */
    public static DuetNoise stored(String design) {
        JsonNode entry = storedFile().path("designs").path(design);
        double percent = entry.path("duetSdPercent").asDouble(Double.NaN);
        int df = entry.path("duetSdDf").asInt(0);
        return Double.isNaN(percent) || df <= 0 ? NONE : new DuetNoise(percent / 100, df);
    }

    /** The stored measurements file, read once per call; BetweenSitting reads it through here too. */
    public static JsonNode storedFile() {
        try (InputStream in = DuetNoise.class.getResourceAsStream(STORED)) {
            if (in == null) {
                throw new IllegalStateException(STORED + " is missing from the runner's jar");
            }
            return Json.MAPPER.readTree(in);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** One pair in one sitting: {@code n} duets whose mean has the standard error {@code se} (sd / sqrt(n)). */
    public record Sample(int n, double se) {
    }

    /**
     * The pooled within-sitting sd of the samples: sqrt(sum (n - 1) sd^2 / sum (n - 1)), each
     * sd = se * sqrt(n); samples with fewer than 2 duets or no se are left out.
     */
    public static DuetNoise pool(List<Sample> samples) {
        double squares = 0;
        int df = 0;
        for (Sample s : samples) {
            if (s.n() >= 2 && s.se() > 0 && Double.isFinite(s.se())) {
                squares += (s.n() - 1) * s.se() * s.se() * s.n();
                df += s.n() - 1;
            }
        }
        return df == 0 ? NONE : new DuetNoise(Math.sqrt(squares / df), df);
    }

    public boolean measured() {
        return df > 0 && sdLog > 0;
    }

    /**
     * A pair's own sd ({@code ownSdLog} from {@code n} duets) pooled with this one, each by its
     * degrees of freedom; the pair's own alone when this one is not measured.
     */
    public double pooledWith(double ownSdLog, int n) {
        int ownDf = Double.isFinite(ownSdLog) ? Math.max(0, n - 1) : 0;
        if (!measured()) {
            return ownSdLog;
        }
        return Math.sqrt((ownDf * ownSdLog * ownSdLog + df * sdLog * sdLog) / (ownDf + df));
    }

    /** The sd in percent, e.g. 2.75. */
    public double sdPercent() {
        return 100 * sdLog;
    }
}
