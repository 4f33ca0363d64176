package dev.poolbench.sql;

import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/** {@code --name value} / {@code --name=value} options of one subcommand, validated against a known set. */
final class CliOptions {
    /** A command line that cannot work; the tool prints the message and usage and exits 2. */
    static final class UsageException extends RuntimeException {
        UsageException(String message) {
            super(message);
        }
    }

    private final Map<String, String> values = new HashMap<>();
    private final Set<String> flags = new HashSet<>();

    private CliOptions() {
    }

    static CliOptions parse(List<String> args, Set<String> valueOptions, Set<String> flagOptions) {
        CliOptions options = new CliOptions();
        for (int i = 0; i < args.size(); i++) {
            String arg = args.get(i);
            if (!arg.startsWith("--")) {
                throw new UsageException("unexpected argument '" + arg + "'");
            }
            String name = arg.substring(2);
            String value = null;
            int equals = name.indexOf('=');
            if (equals >= 0) {
                value = name.substring(equals + 1);
                name = name.substring(0, equals);
            }
            if (flagOptions.contains(name) && value == null) {
                options.flags.add(name);
            } else if (valueOptions.contains(name)) {
                if (value == null) {
                    if (i + 1 >= args.size()) {
                        throw new UsageException("--" + name + " needs a value");
                    }
                    value = args.get(++i);
                }
                options.values.put(name, value);
            } else {
                throw new UsageException("unknown option --" + name);
            }
        }
        return options;
    }

    boolean flag(String name) {
        return flags.contains(name);
    }

    String value(String name, String defaultValue) {
        return values.getOrDefault(name, defaultValue);
    }

    String required(String name) {
        String value = values.get(name);
        if (value == null || value.isBlank()) {
            throw new UsageException("--" + name + " is required");
        }
        return value;
    }

    long longValue(String name, long defaultValue, long min, long max) {
        String text = values.get(name);
        if (text == null) {
            return defaultValue;
        }
        long value;
        try {
            value = Long.parseLong(text.replace("_", ""));
        } catch (NumberFormatException e) {
            throw new UsageException("--" + name + " must be an integer, was '" + text + "'");
        }
        if (value < min || value > max) {
            throw new UsageException("--" + name + " must be between " + min + " and " + max + ", was " + value);
        }
        return value;
    }
}
