package dev.poolbench.bench.redis.client;

import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A client of the loop by its command-line name:
 * <ul>
 * <li>{@code lettuce-shared}: one {@code StatefulRedisConnection} for every thread (Spring Data
 *     Redis's default, {@code shareNativeConnection=true});</li>
 * <li>{@code lettuce-pooled}: commons-pool2 via Lettuce's {@code ConnectionPoolSupport}, the pool as
 *     large as the cell's threads (the published "pooled");</li>
 * <li>{@code lettuce-pool-N}: the same pool bounded to N connections;</li>
 * <li>{@code jedis-pooled}, {@code jedis-pool-N}: Jedis's {@code JedisPooled} (its own
 *     commons-pool2 pool), as large as the threads or bounded to N;</li>
 * <li>{@code lettuce-pool-N-fair}, {@code jedis-pool-N-fair}: a bounded pool whose waiting
 *     borrowers are served first come, first served (commons-pool2's {@code fairness=true}). The
 *     default is not fair: a thread that returns a connection and asks again at once usually gets
 *     it back before a thread that has been waiting, which starves waiters when threads outnumber
 *     connections.</li>
 * </ul>
 *
 * @param poolSize 0 = as many connections as threads; unused for the shared connection
 * @param fair     waiting borrowers served in order of arrival (bounded pools only)
 */
public record ClientKind(String name, Library library, boolean pooled, int poolSize, boolean fair) {

    public enum Library { LETTUCE, JEDIS }

    public static final List<String> DEFAULTS = List.of(
            "lettuce-shared", "lettuce-pooled", "lettuce-pool-8", "lettuce-pool-16", "lettuce-pool-64", "jedis-pooled");
    private static final Pattern NAME = Pattern.compile("(lettuce|jedis)-(shared|pooled|pool-(\\d{1,6})(-fair)?)");

    /** The client's name parsed; {@link IllegalArgumentException} with the accepted forms otherwise. */
    public static ClientKind parse(String raw) {
        String name = raw.trim().toLowerCase(Locale.ROOT);
        Matcher m = NAME.matcher(name);
        if (!m.matches() || (m.group(1).equals("jedis") && m.group(2).equals("shared"))) {
            throw new IllegalArgumentException("unknown client '" + raw + "'; known: lettuce-shared, lettuce-pooled, "
                    + "lettuce-pool-N, lettuce-pool-N-fair, jedis-pooled, jedis-pool-N, jedis-pool-N-fair");
        }
        Library library = m.group(1).equals("lettuce") ? Library.LETTUCE : Library.JEDIS;
        if (m.group(2).equals("shared")) {
            return new ClientKind(name, library, false, 0, false);
        }
        int size = m.group(3) == null ? 0 : Integer.parseInt(m.group(3));
        if (m.group(3) != null && size < 1) {
            throw new IllegalArgumentException("client '" + raw + "': a pool needs at least 1 connection");
        }
        return new ClientKind(name, library, true, size, m.group(4) != null);
    }

    /** Connections the pool may open in a cell of {@code threads} threads (1 for the shared one). */
    public int maxConnections(int threads) {
        if (!pooled) {
            return 1;
        }
        return poolSize == 0 ? threads : Math.min(poolSize, threads);
    }
}
