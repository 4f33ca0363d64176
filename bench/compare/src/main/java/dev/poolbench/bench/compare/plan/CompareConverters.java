package dev.poolbench.bench.compare.plan;

import dev.poolbench.bench.compare.machine.CpuPlacement;
import dev.poolbench.bench.compare.machine.DisturbanceThresholds;
import dev.poolbench.bench.compare.machine.ProcFs;
import dev.poolbench.bench.compare.util.UsageException;
import dev.poolbench.cli.Cli;
import java.net.URI;
import java.util.List;
import java.util.regex.Pattern;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.TypeConversionException;

/**
 * The value types of {@code compare}'s options. A message starting with "must" gets the option's
 * name in front ({@link Cli#message}); a domain parser's own message (it names the option) is
 * passed on as it is ({@link Cli.BadValue}).
 */
public final class CompareConverters {

    private static final Pattern HEAP = Pattern.compile("[1-9][0-9]*[kKmMgG]?");

    private CompareConverters() {
    }

    /** The allowed spelling of {@code value} (any case), else a refusal listing the allowed ones. */
    static String oneOf(String value, List<String> allowed) {
        for (String a : allowed) {
            if (a.equalsIgnoreCase(value.trim())) {
                return a;
            }
        }
        throw new TypeConversionException("must be one of " + String.join(", ", allowed) + ", got '" + value + "'");
    }

    static final class PoolMode implements ITypeConverter<String> {
        @Override
        public String convert(String value) {
            return oneOf(value, CompareOptions.POOL_MODES);
        }
    }

    static final class Schema implements ITypeConverter<String> {
        @Override
        public String convert(String value) {
            return oneOf(value, CompareOptions.SCHEMAS);
        }
    }

    /** The database server (local mode: the machine's PostgreSQL binaries are checked in CompareOptions). */
    static final class Database implements ITypeConverter<String> {
        @Override
        public String convert(String value) {
            return oneOf(value, CompareOptions.DATABASES);
        }
    }

    static final class Order implements ITypeConverter<String> {
        @Override
        public String convert(String value) {
            return oneOf(value, CompareOptions.ORDERS);
        }
    }

    static final class Gc implements ITypeConverter<String> {
        @Override
        public String convert(String value) {
            return oneOf(value, CompareOptions.GCS);
        }
    }

    /** "on" or "off" (a String, not a boolean: picocli treats boolean options as flags). */
    static final class OnOff implements ITypeConverter<String> {
        @Override
        public String convert(String value) {
            return oneOf(value, List.of("on", "off"));
        }
    }

    /** A JVM heap size such as 512m or 1g (fills {@code -Xmx}). */
    static final class Heap implements ITypeConverter<String> {
        @Override
        public String convert(String value) {
            if (!HEAP.matcher(value).matches()) {
                throw new TypeConversionException("must be a JVM size such as 512m or 1g, got '" + value + "'");
            }
            return value;
        }
    }

    /** "5%", "5 %" or "5" → 5.0; NaN when it is no number (each converter words its own error). */
    static double percentOrNaN(String value) {
        String v = value.trim();
        if (v.endsWith("%")) {
            v = v.substring(0, v.length() - 1).trim();
        }
        try {
            return Double.parseDouble(v);
        } catch (NumberFormatException e) {
            return Double.NaN;
        }
    }

    /** "5%", "5 %" or "5" → 5.0; must be in (0, 100). */
    static final class Percent implements ITypeConverter<Double> {
        @Override
        public Double convert(String value) {
            double d = percentOrNaN(value);
            if (d > 0 && d < 100) {
                return d;
            }
            throw new TypeConversionException("must be a percentage above 0 and below 100 such as 5%, got '"
                    + value + "'");
        }
    }

    /** A standard deviation in percent: 0 (none) or more, below 100; "1.5%" or "1.5". */
    public static final class SdPercent implements ITypeConverter<Double> {
        @Override
        public Double convert(String value) {
            double d = percentOrNaN(value);
            if (d >= 0 && d < 100) {
                return d;
            }
            throw new TypeConversionException("must be a percentage of 0 or more and below 100 such as 1.5%, got '"
                    + value + "'");
        }
    }

    /** An http(s) URL with a host; a trailing slash is dropped. */
    static final class HttpUrl implements ITypeConverter<URI> {
        @Override
        public URI convert(String value) {
            try {
                URI uri = URI.create(value.endsWith("/") ? value.substring(0, value.length() - 1) : value);
                if ((!"http".equals(uri.getScheme()) && !"https".equals(uri.getScheme())) || uri.getHost() == null) {
                    throw new IllegalArgumentException();
                }
                return uri;
            } catch (IllegalArgumentException e) {
                throw new TypeConversionException("must be an http(s) URL such as http://10.0.0.2:8080, got '"
                        + value + "'");
            }
        }
    }

    static final class JdbcUrl implements ITypeConverter<String> {
        @Override
        public String convert(String value) {
            if (!value.startsWith("jdbc:")) {
                throw new TypeConversionException("must start with jdbc:, got '" + value + "'");
            }
            return value;
        }
    }

    static final class Thresholds implements ITypeConverter<DisturbanceThresholds> {
        @Override
        public DisturbanceThresholds convert(String value) {
            try {
                return DisturbanceThresholds.parse(value);
            } catch (UsageException e) {
                throw new Cli.BadValue(e.getMessage());
            }
        }
    }

    /** Checked against the CPUs this process may use, so a placement that cannot work stops at once. */
    static final class Cpus implements ITypeConverter<CpuPlacement> {
        @Override
        public CpuPlacement convert(String value) {
            try {
                return CpuPlacement.parse(value, ProcFs.allowedCpus(ProcessHandle.current().pid()));
            } catch (UsageException e) {
                throw new Cli.BadValue(e.getMessage());
            }
        }
    }
}
