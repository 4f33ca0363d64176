package dev.poolbench.sql;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.HashMap;
import java.util.HashSet;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class DataGeneratorTest {
    private static final List<String> FILES =
            List.of(DataGenerator.USERS_FILE, DataGenerator.USED_USERS_FILE, DataGenerator.LOGIN_LOG_FILE);

    @Test
    void sameSeedGivesByteIdenticalFiles(@TempDir Path again) throws Exception {
        Path first = TestData.seed42().directory();
        DataGenerator.generate(DataGenerator.DEFAULT_SEED, again);
        for (String file : FILES) {
            assertEquals(sha256(first.resolve(file)), sha256(again.resolve(file)), file);
        }
    }

    @Test
    void differentSeedGivesDifferentFiles(@TempDir Path other) throws Exception {
        Path first = TestData.seed42().directory();
        DataGenerator.generate(7, other);
        for (String file : FILES) {
            assertNotEquals(sha256(first.resolve(file)), sha256(other.resolve(file)), file);
        }
    }

    @Test
    void usersAreNumberedWithFixedContestUsersAndUniqueLogins() throws IOException {
        List<String[]> users = rows(DataGenerator.USERS_FILE);
        assertEquals(200_000, users.size());
        Set<String> logins = new HashSet<>();
        PasswordHash hash = new PasswordHash();
        for (int i = 0; i < users.size(); i++) {
            String[] user = users.get(i);
            assertEquals(5, user.length);
            assertEquals(i + 1, Integer.parseInt(user[0]));
            assertTrue(logins.add(user[1].toLowerCase()), "duplicate login " + user[1]);
            assertEquals(hash.of(user[2], user[3]), user[4], "hash of user " + user[0]);
        }
        for (int id = 1; id <= 9; id++) {
            String[] user = users.get(id - 1);
            assertEquals(List.of("isucon" + id, "isuconpass" + id, "salt" + id), List.of(user[1], user[2], user[3]));
        }
    }

    @Test
    void passwordHashIsLowercaseSha256OfPasswordColonSalt() throws Exception {
        String expected = HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256")
                .digest("isuconpass1:salt1".getBytes(StandardCharsets.UTF_8)));
        assertEquals(expected, new PasswordHash().of("isuconpass1", "salt1"));
        assertEquals(expected.toLowerCase(), expected);
    }

    @Test
    void loginLogHasAboutFiftyThousandRowsOneToFiveSecondsApart() throws IOException {
        List<String[]> log = rows(DataGenerator.LOGIN_LOG_FILE);
        assertTrue(log.size() >= 50_000 && log.size() < 52_000, "rows: " + log.size());
        DateTimeFormatter format = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss");
        LocalDateTime previous = null;
        for (int i = 0; i < log.size(); i++) {
            String[] row = log.get(i);
            assertEquals(6, row.length);
            assertEquals(i + 1, Long.parseLong(row[0]));
            LocalDateTime createdAt = LocalDateTime.parse(row[1], format);
            if (previous == null) {
                assertEquals(DataGenerator.LOG_START, createdAt);
            } else {
                long seconds = Duration.between(previous, createdAt).toSeconds();
                assertTrue(seconds >= 1 && seconds <= 5, "row " + row[0] + " advances " + seconds + " s");
            }
            previous = createdAt;
            int userId = Integer.parseInt(row[2]);
            assertTrue(userId > 195_000 && userId <= 200_000, "user " + userId + " outside the highest 5000 ids");
        }
    }

    /** Replays the log with the predicates of spec sections 4 and 6 (thresholds 3 and 10). */
    @Test
    void replayLocksExactly2500UsersAndBansNoIp() throws IOException {
        Map<String, Integer> failuresByIp = new HashMap<>();
        Map<Integer, Integer> failuresByUser = new HashMap<>();
        Set<String> failureIps = new HashSet<>();
        Map<Integer, String> loginById = new HashMap<>();
        for (String[] user : rows(DataGenerator.USERS_FILE)) {
            loginById.put(Integer.parseInt(user[0]), user[1]);
        }
        for (String[] row : rows(DataGenerator.LOGIN_LOG_FILE)) {
            int userId = Integer.parseInt(row[2]);
            assertEquals(loginById.get(userId), row[3], "login of row " + row[0]);
            assertFalse(failuresByUser.getOrDefault(userId, 0) >= 3, "row " + row[0] + ": user " + userId + " already locked");
            if (row[5].equals("1")) {
                assertTrue(row[4].matches("127\\.250\\.0\\.([1-9]|[1-9]\\d|1\\d\\d|2[0-4]\\d|25[0-4])"), row[4]);
                failuresByIp.put(row[4], 0);
                failuresByUser.put(userId, 0);
            } else {
                assertTrue(failureIps.add(row[4]), "failure ip reused: " + row[4]);
                assertTrue(row[4].matches("127\\.2\\d\\d\\.([1-9]|[1-9]\\d|1\\d\\d|2[0-4]\\d|25[0-4])"
                        + "\\.([1-9]|[1-9]\\d|1\\d\\d|2[0-4]\\d|25[0-4])"), row[4]);
                failuresByIp.merge(row[4], 1, Integer::sum);
                failuresByUser.merge(userId, 1, Integer::sum);
            }
        }
        assertEquals(2_500, failuresByUser.values().stream().filter(f -> f >= 3).count(), "locked users");
        assertEquals(2_500, failuresByUser.values().stream().filter(f -> f == 0).count(), "users at zero failures");
        assertEquals(0, failuresByIp.values().stream().filter(f -> f >= 10).count(), "banned ips");

        List<String[]> used = rows(DataGenerator.USED_USERS_FILE);
        assertEquals(failuresByUser.size(), used.size());
        for (String[] user : used) {
            int id = Integer.parseInt(user[0]);
            assertEquals(loginById.get(id), user[1]);
            assertEquals(failuresByUser.get(id), Integer.parseInt(user[2]), "failures at the end of user " + id);
        }
    }

    @Test
    void failureIpCounterCarriesIntoTheThirdOctet() {
        FailureIpCounter counter = new FailureIpCounter();
        assertEquals("127.200.1.1", counter.next());
        for (int i = 2; i < 254; i++) {
            counter.next();
        }
        assertEquals("127.200.1.254", counter.next());
        assertEquals("127.200.2.1", counter.next());
    }

    private static List<String[]> rows(String file) throws IOException {
        return Files.readAllLines(TestData.seed42().directory().resolve(file), StandardCharsets.UTF_8).stream()
                .map(line -> line.split("\t", -1))
                .toList();
    }

    private static String sha256(Path file) throws IOException, NoSuchAlgorithmException {
        return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(Files.readAllBytes(file)));
    }
}
