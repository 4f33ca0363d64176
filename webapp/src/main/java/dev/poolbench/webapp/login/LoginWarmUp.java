package dev.poolbench.webapp.login;

import dev.poolbench.webapp.Settings;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.boot.ApplicationArguments;
import org.springframework.boot.ApplicationRunner;
import org.springframework.boot.health.contributor.Health;
import org.springframework.boot.health.contributor.HealthIndicator;
import org.springframework.core.env.Environment;
import org.springframework.stereotype.Component;

/**
 * Warms the hot paths before the app reports healthy, so a fresh JVM serves at (nearly) its
 * steady speed from the first measured request instead of JIT-compiling under the load
 * ({@code POOLBENCH_WARMUP_SECONDS}, 0 = off, the default; {@code webapp/jvm.options} sets it for
 * the bench and Ansible). For that many seconds {@value #THREADS} threads drive the app through
 * its own HTTP port (login page, the three assets, {@code /mypage} without a session and the
 * notice it leaves, a form post refused before the database) and run the login flow's read-only
 * statements through the pool. Health stays OUT_OF_SERVICE ("warmUp") until it is done.
 *
 * <p>It writes nothing, not even in a rolled-back transaction: the bench runner resets the database
 * while the app starts, and any row (or a rolled-back INSERT's AUTO_INCREMENT step and row locks)
 * could race that reset or change what the bench checks ({@code /report}, the last login). Reads
 * racing the reset only read; their results are thrown away, and a failing statement (reset in
 * progress, database down) is counted, never fatal. The INSERT's driver path is mostly the
 * queries' path, which is warmed. The warm-up is bounded by its time: a worker stuck waiting for
 * the database is left behind, it does not hold the start.
 */
@Component
class LoginWarmUp implements ApplicationRunner, HealthIndicator {

    static final String SETTING = "POOLBENCH_WARMUP_SECONDS";
    static final int THREADS = 4;
    private static final Logger log = LoggerFactory.getLogger(LoginWarmUp.class);

    private final Environment environment;
    private final UserRepository users;
    private final LoginLogRepository loginLog;
    private final int seconds;
    private volatile boolean done;

    LoginWarmUp(Environment environment, UserRepository users, LoginLogRepository loginLog) {
        this.environment = environment;
        this.users = users;
        this.loginLog = loginLog;
        this.seconds = Settings.intSetting(environment, SETTING, 0, 0);
        this.done = seconds == 0;
    }

    @Override
    public Health health() {
        return done ? Health.up().build() : Health.outOfService().withDetail("warmUp", "running").build();
    }

    @Override
    public void run(ApplicationArguments args) throws InterruptedException {
        if (done) {
            return;
        }
        String port = environment.getProperty("local.server.port", environment.getProperty("server.port", "8080"));
        long startNanos = System.nanoTime();
        long deadline = startNanos + TimeUnit.SECONDS.toNanos(seconds);
        AtomicBoolean stop = new AtomicBoolean();
        AtomicLong flows = new AtomicLong();
        AtomicLong failures = new AtomicLong();
        List<Thread> workers = new ArrayList<>();
        for (int i = 0; i < THREADS; i++) {
            int worker = i;
            Thread t = new Thread(() -> {
                try (LoopbackHttp http = new LoopbackHttp("127.0.0.1", Integer.parseInt(port))) {
                    while (!stop.get()) {
                        try {
                            flow(http, worker, flows.get());
                            flows.incrementAndGet();
                        } catch (Exception e) {
                            // database down or being reset: count it, keep warming the rest
                            failures.incrementAndGet();
                        }
                    }
                }
            }, "poolbench-warmup-" + i);
            t.setDaemon(true);
            workers.add(t);
            t.start();
        }
        TimeUnit.NANOSECONDS.sleep(Math.max(0, deadline - System.nanoTime()));
        stop.set(true);
        for (Thread t : workers) {
            t.join(1_000);
        }
        done = true;
        log.info("Warm-up: {} flows on {} threads in {} ms ({} failed statements or requests)", flows.get(), THREADS,
                (System.nanoTime() - startNanos) / 1_000_000, failures.get());
    }

    /** One round of what a bench flow touches, without writing. */
    private void flow(LoopbackHttp http, int worker, long n) throws Exception {
        String ip = "127.0." + worker + "." + (n % 250 + 1);
        http.get("/", ip, null);
        http.get("/stylesheets/bootstrap.min.css", ip, null);
        http.get("/stylesheets/poolbench-bank.css", ip, null);
        http.get("/images/poolbench-bank.svg", ip, null);
        // /mypage without a session: a new session with the notice, a redirect, then the notice on /.
        LoopbackHttp.Response mypage = http.get("/mypage", ip, null);
        http.get("/", ip, mypage.cookie());
        // The form is parsed and refused (no password) before the database: no login_log row.
        http.postForm("/login", ip, "login=warmup" + n);
        // The statements of a login attempt and of /mypage, read-only, through the pool.
        long userId = 1 + n % 9;
        users.findByLogin("isucon" + userId);
        loginLog.failuresOfIp(ip);
        loginLog.failuresOfUser(userId);
        loginLog.newestSuccesses(userId);
        LoginService.sha256Hex("warmup" + n + ":salt" + userId);
    }
}
