package dev.poolbench.bench.compare.poolmetrics;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Just enough of the Prometheus text exposition format (0.0.4) for the sampler: lines
 * {@code name{label="value",...} value [timestamp]}, comments skipped, only names starting
 * with one of the wanted prefixes parsed (the rest of the scrape costs one {@code startsWith}).
 */
final class PrometheusText {

    /** One sample line. */
    record Sample(String name, Map<String, String> labels, double value) {
        String label(String key) {
            return labels.get(key);
        }
    }

    private PrometheusText() {
    }

    static List<Sample> parse(String text, List<String> prefixes) {
        List<Sample> samples = new ArrayList<>();
        int start = 0;
        int length = text.length();
        while (start < length) {
            int end = text.indexOf('\n', start);
            if (end < 0) {
                end = length;
            }
            if (end > start && text.charAt(start) != '#' && wanted(text, start, prefixes)) {
                Sample sample = parseLine(text.substring(start, end));
                if (sample != null) {
                    samples.add(sample);
                }
            }
            start = end + 1;
        }
        return samples;
    }

    private static boolean wanted(String text, int start, List<String> prefixes) {
        for (String prefix : prefixes) {
            if (text.startsWith(prefix, start)) {
                return true;
            }
        }
        return false;
    }

    /** @return the sample, or null for a line that is not one */
    static Sample parseLine(String line) {
        int brace = line.indexOf('{');
        int space = line.indexOf(' ');
        if (space < 0) {
            return null;
        }
        String name;
        Map<String, String> labels = new LinkedHashMap<>();
        int valueStart;
        if (brace >= 0 && brace < space) {
            name = line.substring(0, brace);
            int i = brace + 1;
            while (i < line.length() && line.charAt(i) != '}') {
                int eq = line.indexOf('=', i);
                if (eq < 0 || eq + 1 >= line.length() || line.charAt(eq + 1) != '"') {
                    return null;
                }
                String key = line.substring(i, eq).trim();
                StringBuilder value = new StringBuilder();
                int j = eq + 2;
                for (; j < line.length() && line.charAt(j) != '"'; j++) {
                    char c = line.charAt(j);
                    if (c == '\\' && j + 1 < line.length()) {
                        char next = line.charAt(++j);
                        value.append(next == 'n' ? '\n' : next);
                    } else {
                        value.append(c);
                    }
                }
                labels.put(key, value.toString());
                i = j + 1;
                if (i < line.length() && line.charAt(i) == ',') {
                    i++;
                }
            }
            valueStart = i + 1;
        } else {
            name = line.substring(0, space);
            valueStart = space;
        }
        String rest = line.substring(Math.min(valueStart, line.length())).trim();
        int cut = rest.indexOf(' ');
        String number = cut < 0 ? rest : rest.substring(0, cut);
        double value;
        try {
            value = parseValue(number);
        } catch (NumberFormatException e) {
            return null;
        }
        return new Sample(name, labels, value);
    }

    static double parseValue(String text) {
        return switch (text) {
            case "+Inf", "Inf" -> Double.POSITIVE_INFINITY;
            case "-Inf" -> Double.NEGATIVE_INFINITY;
            case "NaN" -> Double.NaN;
            default -> Double.parseDouble(text);
        };
    }
}
