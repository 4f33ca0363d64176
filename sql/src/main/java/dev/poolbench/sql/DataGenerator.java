package dev.poolbench.sql;

import java.io.BufferedWriter;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.SplittableRandom;

/**
 * Writes the initial data of spec section 9: {@code dummy_users.tsv}, {@code dummy_users_used.tsv}
 * and {@code login_log.tsv} (tab-separated, no header, {@code \n}, UTF-8).
 *
 * <p>Deterministic: one {@link SplittableRandom}, whose algorithm is fixed by the Java SE
 * specification, draws everything in a fixed order, so a seed gives byte-identical files on
 * every JDK.
 */
public final class DataGenerator {
    public static final long DEFAULT_SEED = 42;
    public static final String USERS_FILE = "dummy_users.tsv";
    public static final String USED_USERS_FILE = "dummy_users_used.tsv";
    public static final String LOGIN_LOG_FILE = "login_log.tsv";

    public static final int USER_COUNT = 200_000;
    /** Users 1..9 are isucon1..isucon9 with password isuconpassN and salt saltN. */
    public static final int FIXED_USER_COUNT = 9;
    /** Only the users with the highest ids take part in the initial log. */
    public static final int LOG_POOL_SIZE = 5_000;
    public static final int LOCKED_USER_COUNT = 2_500;
    public static final int USER_LOCK_THRESHOLD = 3;
    public static final int TARGET_LOG_ROWS = 50_000;
    public static final LocalDateTime LOG_START = LocalDateTime.of(2014, 2, 22, 0, 0, 0);

    private static final double SUCCESS_PROBABILITY = 0.4;
    private static final DateTimeFormatter DATE_TIME = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss");
    private static final String PASSWORD_CHARS = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";

    private DataGenerator() {
    }

    /** What one generation produced. */
    public record Result(Path directory, long seed, int users, int logRows, int usedUsers,
                         int lockedUsers, Duration elapsed) {
    }

    public static Result generate(long seed, Path outDir) {
        long startNanos = System.nanoTime();
        try {
            Files.createDirectories(outDir);
            SplittableRandom random = new SplittableRandom(seed);
            String[] logins = writeUsers(random, outDir.resolve(USERS_FILE));
            LogSummary log = writeLoginLog(random, logins, outDir.resolve(LOGIN_LOG_FILE));
            int usedUsers = writeUsedUsers(log.failuresAtEnd(), logins, outDir.resolve(USED_USERS_FILE));
            return new Result(outDir, seed, USER_COUNT, log.rows(), usedUsers, log.lockedUsers(),
                    Duration.ofNanos(System.nanoTime() - startNanos));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write generated data to " + outDir, e);
        }
    }

    /** Writes {@code id, login, password, salt, hash}; returns the logins indexed by user id. */
    private static String[] writeUsers(SplittableRandom random, Path file) throws IOException {
        String[] logins = new String[USER_COUNT + 1];
        Set<String> fixedLogins = new HashSet<>();
        for (int id = 1; id <= FIXED_USER_COUNT; id++) {
            fixedLogins.add("isucon" + id);
        }
        LoginNames names = new LoginNames(random, fixedLogins);
        PasswordHash hash = new PasswordHash();
        try (BufferedWriter out = writer(file)) {
            for (int id = 1; id <= USER_COUNT; id++) {
                String login;
                String password;
                String salt;
                if (id <= FIXED_USER_COUNT) {
                    login = "isucon" + id;
                    password = "isuconpass" + id;
                    salt = "salt" + id;
                } else {
                    login = names.next();
                    password = randomText(random, 8 + random.nextInt(9));
                    salt = randomText(random, 8 + random.nextInt(9));
                }
                logins[id] = login;
                out.append(Integer.toString(id)).append('\t').append(login).append('\t').append(password)
                        .append('\t').append(salt).append('\t').append(hash.of(password, salt)).append('\n');
            }
        }
        return logins;
    }

    private record LogSummary(int rows, int lockedUsers, int[] failuresAtEnd) {
    }

    /**
     * The initial log of spec section 9. Rows keep coming until the target is reached and no
     * user still in the pool has a failure streak: only then do the unlocked users all end at
     * zero failures, as load clients expect. Once 2,500 users are locked every row succeeds,
     * so every streak ends the next time its user is drawn.
     */
    private static LogSummary writeLoginLog(SplittableRandom random, String[] logins, Path file) throws IOException {
        List<Integer> pool = new ArrayList<>(LOG_POOL_SIZE);
        for (int id = USER_COUNT - LOG_POOL_SIZE + 1; id <= USER_COUNT; id++) {
            pool.add(id);
        }
        // -1 = never appeared in the log; otherwise the current consecutive failures.
        int[] failures = new int[USER_COUNT + 1];
        java.util.Arrays.fill(failures, -1);
        int usersWithFailureStreak = 0;
        int locked = 0;
        FailureIpCounter failureIps = new FailureIpCounter();
        LocalDateTime createdAt = LOG_START;
        int rows = 0;
        try (BufferedWriter out = writer(file)) {
            while (rows < TARGET_LOG_ROWS || usersWithFailureStreak > 0) {
                int poolIndex = random.nextInt(pool.size());
                int userId = pool.get(poolIndex);
                boolean succeeded = locked >= LOCKED_USER_COUNT || random.nextDouble() < SUCCESS_PROBABILITY;
                int before = Math.max(failures[userId], 0);
                String ip;
                if (succeeded) {
                    ip = "127.250.0." + (1 + random.nextInt(254));
                    failures[userId] = 0;
                    if (before > 0) {
                        usersWithFailureStreak--;
                    }
                } else {
                    ip = failureIps.next();
                    failures[userId] = before + 1;
                    if (before == 0) {
                        usersWithFailureStreak++;
                    }
                    if (failures[userId] == USER_LOCK_THRESHOLD) {
                        locked++;
                        usersWithFailureStreak--; // locked users leave the pool with their streak
                        // Order-changing removal is fine: the draw is by index, still deterministic.
                        pool.set(poolIndex, pool.get(pool.size() - 1));
                        pool.remove(pool.size() - 1);
                    }
                }
                rows++;
                out.append(Integer.toString(rows)).append('\t').append(DATE_TIME.format(createdAt)).append('\t')
                        .append(Integer.toString(userId)).append('\t').append(logins[userId]).append('\t')
                        .append(ip).append('\t').append(succeeded ? '1' : '0').append('\n');
                createdAt = createdAt.plusSeconds(1 + random.nextInt(5));
            }
        }
        if (locked != LOCKED_USER_COUNT) {
            throw new IllegalStateException("initial log locked " + locked + " users instead of " + LOCKED_USER_COUNT);
        }
        return new LogSummary(rows, locked, failures);
    }

    /** Writes {@code id, login, consecutive failures at the end} for users that appear in the log. */
    private static int writeUsedUsers(int[] failuresAtEnd, String[] logins, Path file) throws IOException {
        int used = 0;
        try (BufferedWriter out = writer(file)) {
            for (int id = 1; id <= USER_COUNT; id++) {
                if (failuresAtEnd[id] >= 0) {
                    used++;
                    out.append(Integer.toString(id)).append('\t').append(logins[id]).append('\t')
                            .append(Integer.toString(failuresAtEnd[id])).append('\n');
                }
            }
        }
        return used;
    }

    private static String randomText(SplittableRandom random, int length) {
        char[] text = new char[length];
        for (int i = 0; i < length; i++) {
            text[i] = PASSWORD_CHARS.charAt(random.nextInt(PASSWORD_CHARS.length()));
        }
        return new String(text);
    }

    private static BufferedWriter writer(Path file) throws IOException {
        return Files.newBufferedWriter(file, StandardCharsets.UTF_8);
    }
}
