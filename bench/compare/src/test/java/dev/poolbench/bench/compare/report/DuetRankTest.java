package dev.poolbench.bench.compare.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.poolbench.bench.compare.Fixtures;
import dev.poolbench.bench.compare.plan.RunRecord;
import dev.poolbench.bench.compare.util.Json;
import dev.poolbench.bench.compare.verdict.SummaryBlock;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The summary table of a duet comparison ranks by each pool's duet ratio to the reference. A
 * pool that lost every duet by 3 % but happened to share its windows with fast minutes of the
 * machine has the highest mean lane score (as dbcp2 had on 2026-11-25: rank 1 by mean, -3.1 %
 * against hikari by duets); ranked by that mean, the table contradicted the verdict under it.
 */
public class DuetRankTest {

    /** One duet of {@code profile} against hikari, its lane getting {@code ratio} times hikari's pages, at a machine speed. */
    public static List<RunRecord> duet(String profile, int round, double ratio, double speed) {
        String window = round + "-hikari+" + profile;
        List<RunRecord> lanes = new ArrayList<>();
        String[] order = {"hikari", profile};
        for (int lane = 0; lane < 2; lane++) {
            String own = order[lane];
            double perSecond = 100 * speed * (own.equals(profile) ? ratio : 1);
            ObjectNode r = Fixtures.record(own, round, perSecond * 60, true, true);
            r.put("runDir", round + "-" + own + "-vs-" + order[1 - lane]);
            ArrayNode seconds = ((ObjectNode) r.get("result")).putArray("perSecond");
            for (int second = 1; second <= 60; second++) {
                seconds.addObject().put("second", second).put("passedPages", perSecond);
            }
            r.putObject("duet").put("window", window).put("lane", lane).put("partner", order[1 - lane])
                    .put("firstRequestSkewMillis", 1);
            lanes.add(RunRecord.of(r));
        }
        return lanes;
    }

    @Test
    void duetsRankByTheirRatioToTheReferenceNotByTheLanesMeanScore() {
        List<RunRecord> runs = new ArrayList<>();
        double[] fast = {1.4, 1.5, 1.45};
        double[] slow = {0.8, 0.7, 0.75};
        for (int round = 1; round <= 3; round++) {
            // dbcp2 loses each duet by 3 % but runs in fast minutes; tomcat wins by 2 % in slow ones.
            runs.addAll(duet("dbcp2", round, 0.97, fast[round - 1]));
            runs.addAll(duet("tomcat", round, 1.02, slow[round - 1]));
        }
        ObjectNode environment = Json.object();
        environment.putObject("options").put("reference", "hikari");
        Summary s = Summary.of(runs, environment);
        List<String> byRank = s.blocks().get(0).rows().stream().map(SummaryBlock.Row::profile).toList();
        assertEquals(List.of("tomcat", "hikari", "dbcp2"), byRank);
        SummaryBlock.Row dbcp2 = s.blocks().get(0).rows().get(2);
        assertEquals(-100 * (1 - 0.97 / 1.02), dbcp2.relativeToBestPercent(), 0.05);
        assertTrue(dbcp2.sample().mean() > s.blocks().get(0).rows().get(0).sample().mean(),
                "the lane means alone would have put dbcp2 first");
        assertTrue(s.text().contains("(duets: rank and vs best come from each pool's duet ratio to hikari"), s.text());
    }
}
