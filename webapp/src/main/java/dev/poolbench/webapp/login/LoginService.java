package dev.poolbench.webapp.login;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.LocalDateTime;
import java.time.temporal.ChronoUnit;
import java.util.HexFormat;
import java.util.List;
import java.util.Optional;
import org.springframework.stereotype.Service;

/** The ISUCON4 login algorithm (spec section 4); order matters. */
@Service
class LoginService {

    private final UserRepository users;
    private final LoginLogRepository loginLog;
    private final LoginThresholds thresholds;

    LoginService(UserRepository users, LoginLogRepository loginLog, LoginThresholds thresholds) {
        this.users = users;
        this.loginLog = loginLog;
        this.thresholds = thresholds;
    }

    /**
     * Decides with the counts taken before this attempt, then writes exactly one login_log row
     * whatever the outcome. A database error before the INSERT writes nothing.
     */
    LoginResult attempt(String login, String password, String ip) {
        Optional<User> user = users.findByLogin(login);
        LoginResult result = decide(user, password, ip);
        // DATETIME has no fraction: truncate, so the server never rounds into the next second.
        LocalDateTime now = LocalDateTime.now().truncatedTo(ChronoUnit.SECONDS);
        loginLog.insert(now, user.map(User::id).orElse(null), login, ip, result.succeeded());
        return result;
    }

    private LoginResult decide(Optional<User> user, String password, String ip) {
        if (loginLog.failuresOfIp(ip) >= thresholds.ipBan()) {
            return LoginResult.failure(LoginResult.BANNED);
        }
        if (user.isPresent() && loginLog.failuresOfUser(user.get().id()) >= thresholds.userLock()) {
            return LoginResult.failure(LoginResult.LOCKED);
        }
        if (user.isEmpty()) {
            return LoginResult.failure(LoginResult.WRONG);
        }
        if (!sha256Hex(password + ":" + user.get().salt()).equals(user.get().passwordHash())) {
            return LoginResult.failure(LoginResult.WRONG);
        }
        return LoginResult.success(user.get().id());
    }

    /**
     * The user's previous successful login: the older of the two newest successes, or the only one
     * on a first success. Empty when the user has none (e.g. after a database reset).
     */
    Optional<LastLogin> previousLogin(long userId) {
        List<LastLogin> newest = loginLog.newestSuccesses(userId);
        return newest.isEmpty() ? Optional.empty() : Optional.of(newest.get(newest.size() - 1));
    }

    static String sha256Hex(String text) {
        try {
            MessageDigest digest = MessageDigest.getInstance("SHA-256");
            return HexFormat.of().formatHex(digest.digest(text.getBytes(StandardCharsets.UTF_8)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 missing from the JVM", e);
        }
    }
}
