package dev.poolbench.bench.compare.faultplan;

import dev.poolbench.bench.compare.db.IdleSessionTimeout;
import dev.poolbench.bench.compare.db.LocalDatabase;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * The fault {@link Scenario#IDLE_TIMEOUT} on the local server. Before the app starts, the
 * server's idle session timeout is set to {@code --idle-timeout} and a new session is checked to
 * have it (MariaDB copies {@code wait_timeout} into a session at connect, so the pool's
 * connections, all made after, have it too). The load pauses itself for the fault
 * ({@link Scenario#loadArgs}); meanwhile this watches the server: the app's sessions at the
 * pause's start, which of them the server closed by its end (counted for the run's record), and
 * that no session was left idle longer than the timeout (else the timeout did not take, and the run fails).
 */
final class IdleTimeoutFault implements Fault {

    /** The server counts idle time in whole seconds: a session may show the timeout plus one before it goes. */
    private static final int SLACK_SECONDS = 1;

    private final IdleSessionTimeout server;
    private final int seconds;

    IdleTimeoutFault(LocalDatabase database, int seconds) {
        this(database.idleSessionTimeout(), seconds);
    }

    IdleTimeoutFault(IdleSessionTimeout server, int seconds) {
        this.server = server;
        this.seconds = seconds;
    }

    @Override
    public ServerSetting beforeApp() throws Exception {
        String previous = server.set(seconds);
        return () -> server.restore(previous);
    }

    @Override
    public String apply(long millis) throws Exception {
        return applyCounting(millis).detail();
    }

    @Override
    public Applied applyCounting(long millis) throws Exception {
        Set<Long> before = server.sessions().stream().map(IdleSessionTimeout.Session::id).collect(Collectors.toSet());
        Thread.sleep(millis);
        List<IdleSessionTimeout.Session> after = server.sessions();
        long kept = after.stream().filter(s -> before.contains(s.id())).count();
        long longestIdle = after.stream().filter(IdleSessionTimeout.Session::idle)
                .mapToLong(IdleSessionTimeout.Session::idleSeconds).max().orElse(0);
        if (longestIdle > seconds + SLACK_SECONDS) {
            throw new IllegalStateException("the server left a session idle for " + longestIdle
                    + " s with an idle timeout of " + seconds + " s: the timeout did not take");
        }
        // Kept sessions are those a pool used during the pause (an idle test, a keepalive).
        int closed = Math.toIntExact(before.size() - kept);
        // docs/render/idle_timeout.py reads the count from this text in runs recorded before it was a field.
        return new Applied(String.format(Locale.ROOT, "idle timeout %d s: the server closed %d of the %d sessions open "
                + "at the pause's start; %d sessions at its end, the longest idle %d s", seconds, closed,
                before.size(), after.size(), longestIdle), closed);
    }
}
