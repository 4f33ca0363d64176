package dev.poolbench.bench.compare.plan;

import dev.poolbench.bench.compare.util.UsageException;
import java.net.URI;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import picocli.CommandLine.Option;

/**
 * {@code --app-command} and the second lane's URLs of {@code compare}'s remote mode (a picocli
 * mixin). With an app command the runner restarts the app there before each run with the run's
 * profile, so remote mode compares {@code --profiles} (a fresh app JVM per run, as locally) and
 * can run duets: two apps on the app host, lane 1 on its own ports and its own copy of the
 * database (bench/README.md, "Remote mode (VMs)"; Ansible's bench.yml, whose default they are, and
 * size.yml, whose lanes are one pool at two sizes).
 */
public final class RemoteLaneOptions {

    /** How the name of lane 1's copy of the database ends, as locally ({@code isu4_qualifier_2}). */
    public static final String SECOND_DATABASE_SUFFIX = "_2";

    /** Lane 1's ports are lane 0's plus this: 8080/8081 -> 8082/8083 (+1 would be lane 0's management port). */
    static final int SECOND_LANE_PORT_STEP = 2;

    private static final Pattern JDBC_DATABASE = Pattern.compile("^(jdbc:[a-z]+://[^/?]+/)([^/?;]+)(.*)$");

    @Option(names = "--app-command", paramLabel = "CMD", description = "remote mode: shell command that restarts "
            + "the app there with a run's profile (POOLBENCH_LANE, POOLBENCH_PROFILE, POOLBENCH_POOL_MODE, "
            + "POOLBENCH_POOL_SIZE, POOLBENCH_ROUND, POOLBENCH_RUN in its environment); the runner then waits for "
            + "its health. With it --profiles and --duet work in remote mode (default: none, the app as it runs "
            + "there)")
    String appCommand;

    @Option(names = "--second-app-url", paramLabel = "URL", converter = CompareConverters.HttpUrl.class,
            description = "remote duets: the second lane's app (default: --app-url's port + "
                    + SECOND_LANE_PORT_STEP + ")")
    URI secondAppUrl;

    @Option(names = "--second-management-url", paramLabel = "URL", converter = CompareConverters.HttpUrl.class,
            description = "remote duets: the second lane's management port (default: --management-url's port + "
                    + SECOND_LANE_PORT_STEP + ")")
    URI secondManagementUrl;

    /** Before the remote rules: they depend on whether the runner restarts the app there. */
    void apply(CompareOptions o, Set<String> given) throws UsageException {
        for (String name : List.of("app-command", "second-app-url", "second-management-url")) {
            if (given.contains(name) && !o.remote()) {
                throw new UsageException("--" + name + " needs --app-url (remote mode)");
            }
        }
        if (appCommand != null && appCommand.isBlank()) {
            throw new UsageException("--app-command is empty");
        }
        if (appCommand == null && (secondAppUrl != null || secondManagementUrl != null)) {
            throw new UsageException("--second-app-url and --second-management-url are the second lane of a remote "
                    + "duet, which needs --app-command (the runner restarts each lane's app with its profile)");
        }
        o.appCommand = appCommand;
    }

    /** After the management URL is known: the second lane's URLs, given or derived. */
    void applySecondLane(CompareOptions o) throws UsageException {
        if (o.appCommand == null) {
            return;
        }
        o.secondAppUrl = secondAppUrl != null ? secondAppUrl : shifted(o.appUrl);
        o.secondManagementUrl = secondManagementUrl != null ? secondManagementUrl : shifted(o.managementUrl);
        if (o.resetJdbcUrl != null) {
            try {
                secondDatabase(o.resetJdbcUrl);
            } catch (IllegalArgumentException e) {
                throw new UsageException(e.getMessage());
            }
        }
        List<URI> all = List.of(o.appUrl, o.managementUrl, o.secondAppUrl, o.secondManagementUrl);
        if (all.stream().map(RemoteLaneOptions::authority).distinct().count() < all.size()) {
            throw new UsageException("the two lanes' app and management URLs must be four different ports, got "
                    + all);
        }
    }

    /** {@code jdbc:mysql://db:3306/isu4_qualifier?x=y} -> {@code jdbc:mysql://db:3306/isu4_qualifier_2?x=y}. */
    public static String secondDatabase(String jdbcUrl) {
        Matcher m = JDBC_DATABASE.matcher(jdbcUrl);
        if (!m.matches()) {
            throw new IllegalArgumentException("--reset-jdbc-url " + jdbcUrl + " names no database: a remote duet's "
                    + "second lane resets <database>" + SECOND_DATABASE_SUFFIX);
        }
        return m.group(1) + m.group(2) + SECOND_DATABASE_SUFFIX + m.group(3);
    }

    /** The same URL with the port {@link #SECOND_LANE_PORT_STEP} higher (the scheme's default port if none). */
    static URI shifted(URI url) {
        int port = url.getPort() >= 0 ? url.getPort() : "https".equals(url.getScheme()) ? 443 : 80;
        return URI.create(url.getScheme() + "://" + url.getHost() + ":" + (port + SECOND_LANE_PORT_STEP));
    }

    private static String authority(URI url) {
        return url.getHost() + ":" + url.getPort();
    }
}
