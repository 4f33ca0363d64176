package dev.poolbench.bench.compare.report;

import com.fasterxml.jackson.databind.JsonNode;
import dev.poolbench.bench.compare.size.SizeReport;

/** The rule that added a comparison's rounds, as its options in environment.json name it (summary, report.html). */
final class RoundRule {

    private RoundRule() {
    }

    /** "size search", "--until-decided" or, in records older than its retirement, "--until-precision". */
    static String of(JsonNode environment) {
        JsonNode options = environment.path("options");
        if (options.has(SizeReport.OPTIONS_KEY)) {
            return "size search";
        }
        return options.path("untilDecided").asBoolean() ? "--until-decided" : "--until-precision";
    }
}
