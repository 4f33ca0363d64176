package dev.poolbench.bench.compare.machine;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Stop-the-world pause time of the app JVM in a time window, read from the unified GC log
 * that {@code webapp/jvm.options} writes ({@code -Xlog:gc*:file=gc.log:time,uptime,...}). The
 * log and not Actuator: the app exposes no JVM metrics on /actuator/prometheus (only the pool
 * timing metrics), and the log is also there on the VMs.
 */
final class GcLog {

    /**
     * {@code [2026-11-23T14:00:00.123+0000][12.345s][info][gc] GC(3) Pause Young (Normal)
     * (G1 Evacuation Pause) 100M->20M(1024M) 3.456ms}: one line per pause with its length.
     * {@code [gc,start]} lines have no length and {@code [gc,phases]} lines no "Pause", so no
     * pause is counted twice.
     */
    private static final Pattern PAUSE = Pattern.compile(
            "^\\[([^\\]]+)\\](?:\\[[^\\]]*\\])*?\\[gc(?:,phases)?\\s*\\] GC\\(\\d+\\) .*?Pause .*?([0-9]+(?:\\.[0-9]+)?)ms\\s*$");
    private static final DateTimeFormatter TIME = DateTimeFormatter.ofPattern("yyyy-MM-dd'T'HH:mm:ss.SSSZ");

    private GcLog() {
    }

    /** Sum of the pauses that started in [from, to]; NaN when the log is missing. */
    static double pauseMillis(Path log, Instant from, Instant to) {
        if (!Files.isRegularFile(log)) {
            return Double.NaN;
        }
        try {
            return pauseMillis(Files.readAllLines(log, StandardCharsets.UTF_8), from, to);
        } catch (IOException e) {
            return Double.NaN;
        }
    }

    static double pauseMillis(List<String> lines, Instant from, Instant to) {
        double total = 0;
        for (String line : lines) {
            Matcher m = PAUSE.matcher(line);
            if (!m.find()) {
                continue;
            }
            Instant at;
            try {
                at = OffsetDateTime.parse(m.group(1), TIME).toInstant();
            } catch (DateTimeParseException e) {
                continue;
            }
            if (!at.isBefore(from) && !at.isAfter(to)) {
                total += Double.parseDouble(m.group(2));
            }
        }
        return total;
    }
}
