package dev.poolbench.bench.compare.sittings;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.poolbench.bench.compare.stats.BetweenSd;
import dev.poolbench.bench.compare.stats.DuetNoise;
import dev.poolbench.bench.compare.verdict.BetweenSitting;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The duet sd the runner keeps per design (between-sitting.json, duetSdPercent and duetSdDf) is
 * what the kept sittings of that design give (docs/data/sittings), by the code of
 * {@code ./poolbench sittings}: a sitting added without updating the stored value fails here; so
 * does the between-sitting sd (its base and slope), derived from the kept sittings only.
 */
class KeptDuetNoiseTest {

    private static final Path KEPT = Path.of("../../docs/data/sittings");

    @ParameterizedTest
    @ValueSource(strings = {"shared-host-duet", "isolated-duet", "solo"})
    void theStoredDuetSdIsTheKeptSittingsOne(String design) throws IOException {
        List<Sittings.Sitting> sittings = kept(design);
        assertTrue(sittings.size() >= 2, "kept sittings of " + design + ": " + sittings.size());
        DuetNoise kept = Sittings.duetNoise(Sittings.pairs(sittings));
        DuetNoise stored = DuetNoise.stored(design);
        assertEquals(kept.df(), stored.df(), design + ": duetSdDf");
        // Stored with two decimals, in percent.
        assertEquals(Math.round(kept.sdPercent() * 100) / 100.0, stored.sdPercent(), 1e-9, design + ": duetSdPercent");
    }

    /** The term every shared-host comparison adds (sdPercent, slopePerLog) is the kept sittings' fit. */
    @Test
    void theStoredBetweenSittingSdIsTheKeptSittingsFit() throws IOException {
        BetweenSd fit = Sittings.betweenSd(Sittings.pairs(kept("shared-host-duet")));
        JsonNode stored = BetweenSitting.stored().path("designs").path("shared-host-duet");
        assertEquals(Math.round(fit.baseLog() * 10_000) / 100.0, stored.path("sdPercent").asDouble(), 1e-9,
                "sdPercent (the base), as ./poolbench sittings prints it");
        assertEquals(Math.round(fit.slope() * 10_000) / 10_000.0, stored.path("slopePerLog").asDouble(), 1e-9,
                "slopePerLog, as ./poolbench sittings prints it");
    }

    private static List<Sittings.Sitting> kept(String design) throws IOException {
        List<Sittings.Sitting> sittings = new ArrayList<>();
        try (Stream<Path> files = Files.list(KEPT)) {
            for (Path f : files.filter(f -> f.getFileName().toString().matches("\\d{4}-\\d\\d-\\d\\d-\\d{4}-" + design
                    + "-.*\\.json")).sorted().toList()) {
                sittings.add(Sittings.read(f));
            }
        }
        return sittings;
    }
}
