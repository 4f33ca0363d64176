package dev.poolbench.bench.compare.faultfigures;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/** Reads back the pool sampler's {@code poolmetrics.csv} (the columns the fault figures need). */
public final class PoolCsv {

    private PoolCsv() {
    }

    /** @param offsetSeconds load time of the sampler's second 0 (negative: the sampler started first) */
    public static List<FaultFigures.PoolSample> read(Path csv, double offsetSeconds) throws IOException {
        List<FaultFigures.PoolSample> samples = new ArrayList<>();
        if (!Files.isRegularFile(csv)) {
            return samples;
        }
        List<String> lines = Files.readAllLines(csv);
        if (lines.isEmpty()) {
            return samples;
        }
        List<String> header = Arrays.asList(lines.get(0).split(",", -1));
        int seconds = header.indexOf("seconds");
        int active = header.indexOf("active");
        int pending = header.indexOf("pending");
        int opened = header.indexOf("connections_opened_total");
        int idle = header.indexOf("idle");
        for (String line : lines.subList(1, lines.size())) {
            String[] f = line.split(",", -1);
            double t = value(f, seconds);
            if (Double.isNaN(t)) {
                continue;
            }
            samples.add(new FaultFigures.PoolSample(t + offsetSeconds, value(f, active), value(f, pending),
                    value(f, opened), value(f, idle)));
        }
        return samples;
    }

    private static double value(String[] fields, int index) {
        if (index < 0 || index >= fields.length || fields[index].isBlank()) {
            return Double.NaN;
        }
        try {
            return Double.parseDouble(fields[index]);
        } catch (NumberFormatException e) {
            return Double.NaN;
        }
    }
}
