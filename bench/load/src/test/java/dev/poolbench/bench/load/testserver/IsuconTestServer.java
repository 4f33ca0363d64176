package dev.poolbench.bench.load.testserver;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

/**
 * The ISUCON4 qualifier app in memory (docs/spec/webapp.md), on 127.0.0.1 and a random port, with
 * one switchable defect at a time, to prove that the bench's checks can fail.
 */
public final class IsuconTestServer implements AutoCloseable {

    public enum Defect {
        NONE, WRONG_NOTICE, WRONG_LAST_IP, BAD_TIME, ASSET_404, ASSET_WRONG_BYTES,
        REPORT_MISSING_USER, REDIRECT_301, REDIRECT_DROPS_COOKIE,
        /** Every third POST /login is answered 503 without being processed. */
        LOGIN_503,
        /** Every third POST /login waits {@link #hangMillis} before being processed and answered. */
        LOGIN_SLOW,
        /** Every third GET / is answered 500. */
        INDEX_500,
        /** Every third GET /mypage (a redirect hop) waits {@link #hangMillis} before being answered. */
        MYPAGE_SLOW
    }

    /** First GET / of a flow answered 200, and answered otherwise. */
    public final java.util.concurrent.atomic.AtomicInteger indexOk = new java.util.concurrent.atomic.AtomicInteger();
    public final java.util.concurrent.atomic.AtomicInteger indexFailed = new java.util.concurrent.atomic.AtomicInteger();
    public final java.util.concurrent.atomic.AtomicInteger mypageSlow = new java.util.concurrent.atomic.AtomicInteger();
    private final java.util.concurrent.atomic.AtomicInteger mypageCount = new java.util.concurrent.atomic.AtomicInteger();
    /** When the last request other than GET /report arrived, and when GET /report did (ms, monotonic). */
    public volatile long lastLoadRequestMillis;
    public volatile long reportMillis;
    /** Every request waits this long before being handled. */
    public volatile long delayAllMillis = 0;
    /**
     * A POST /login that arrives at or after this many ms since the first request is answered no
     * earlier than {@link #holdLoginsUntilMillis} since the first request (off when negative): pins
     * a flow across a deadline without depending on where each worker happens to be.
     */
    public volatile long holdLoginsFromMillis = -1;
    public volatile long holdLoginsUntilMillis;
    private volatile long firstRequestMillis = -1;

    /** POST /login received, and how the server answered them (for the bench's own counts). */
    public final java.util.concurrent.atomic.AtomicInteger loginPosts = new java.util.concurrent.atomic.AtomicInteger();
    public final java.util.concurrent.atomic.AtomicInteger login503 = new java.util.concurrent.atomic.AtomicInteger();
    public final java.util.concurrent.atomic.AtomicInteger loginSlow = new java.util.concurrent.atomic.AtomicInteger();
    public final java.util.concurrent.atomic.AtomicInteger loginRedirects = new java.util.concurrent.atomic.AtomicInteger();
    /** How long a {@link Defect#LOGIN_SLOW} login waits. */
    public volatile long hangMillis = 1_500;

    public static final String BOOTSTRAP = "/stylesheets/bootstrap.min.css";
    public static final String OWN_CSS = "/stylesheets/test-bank.css";
    public static final String LOGO = "/images/test-bank.png";
    private static final DateTimeFormatter TIME = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss");

    private record User(int id, String login, String password) {
    }

    private record Success(String ip, String at) {
    }

    private static final class Sess {
        volatile Integer userId;
        volatile String notice;
    }

    static {
        // Without TCP_NODELAY the JDK server adds ~40 ms (Nagle + delayed ACK) to every response.
        System.setProperty("sun.net.httpserver.nodelay", "true");
    }

    private final HttpServer server;
    private final ExecutorService executor = Executors.newFixedThreadPool(8);
    private final Map<String, User> usersByLogin = new HashMap<>();
    private final Map<Integer, User> usersById = new HashMap<>();
    private final Map<String, Integer> ipFailures = new HashMap<>();
    private final Map<Integer, Integer> userFailures = new HashMap<>();
    private final Map<Integer, Deque<Success>> successes = new HashMap<>();
    private final Map<String, Sess> sessions = new ConcurrentHashMap<>();
    private final byte[] bootstrap;
    private volatile Defect defect = Defect.NONE;
    /** X-Forwarded-For values seen on redirect hops (GET /mypage), to check the header is kept. */
    public final List<String> forwardedOnMypage = java.util.Collections.synchronizedList(new ArrayList<>());
    /** The client ip of every POST /login (X-Forwarded-For), to tell which ip lists the workers used. */
    public final java.util.Set<String> loginIps = java.util.concurrent.ConcurrentHashMap.newKeySet();

    /**
     * @param users    login -> password, ids 1..n in order
     * @param failures initial consecutive failures by user id
     */
    public IsuconTestServer(List<String[]> users, Map<Integer, Integer> failures) throws IOException {
        int id = 1;
        for (String[] u : users) {
            User user = new User(id, u[0], u[1]);
            usersByLogin.put(u[0].toLowerCase(), user);
            usersById.put(id, user);
            id++;
        }
        userFailures.putAll(failures);
        try (InputStream in = getClass().getClassLoader()
                .getResourceAsStream("META-INF/resources/webjars/bootstrap/3.2.0/css/bootstrap.min.css")) {
            if (in == null) {
                throw new IOException("bootstrap 3.2.0 webjar not on the test classpath");
            }
            bootstrap = in.readAllBytes();
        }
        server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 64);
        server.setExecutor(executor);
        server.createContext("/", this::handle);
        server.start();
    }

    public void setDefect(Defect d) {
        defect = d;
    }

    public String baseUrl() {
        return "http://127.0.0.1:" + server.getAddress().getPort();
    }

    @Override
    public void close() {
        server.stop(0);
        executor.shutdownNow();
    }

    private static void sleep(long millis) {
        if (millis <= 0) {
            return;
        }
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private void handle(HttpExchange ex) throws IOException {
        String path = ex.getRequestURI().getPath();
        if (path.equals("/report")) {
            reportMillis = System.nanoTime() / 1_000_000;
        } else if (!isProbe(ex)) {
            // The runner's reachability probe comes before Gatling starts (a second or more on a
            // busy machine): counting it started the clock early, and logins held "until 4.3 s"
            // were let go before the load's 4-s deadline (CI, 2026-11-25).
            lastLoadRequestMillis = System.nanoTime() / 1_000_000;
            synchronized (this) {
                if (firstRequestMillis < 0) {
                    firstRequestMillis = lastLoadRequestMillis;
                }
            }
        }
        sleep(delayAllMillis);
        route(ex, path);
    }

    private static boolean isProbe(HttpExchange ex) {
        String agent = ex.getRequestHeaders().getFirst("User-Agent");
        return agent != null && agent.endsWith("(probe)");
    }

    private void route(HttpExchange ex, String path) throws IOException {
        try (ex) {
            String method = ex.getRequestMethod();
            if (method.equals("GET") && path.equals("/")) {
                // The first GET / of a flow comes without a cookie (fresh jar); the hop after a failed login has one.
                boolean first = ex.getRequestHeaders().getFirst("Cookie") == null;
                if (first && defect == Defect.INDEX_500 && (indexOk.get() + indexFailed.get()) % 3 == 2) {
                    indexFailed.incrementAndGet();
                    send(ex, 500, "text/plain", "oops".getBytes(StandardCharsets.UTF_8));
                    return;
                }
                if (first) {
                    indexOk.incrementAndGet();
                }
                index(ex);
            } else if (method.equals("POST") && path.equals("/login")) {
                login(ex);
            } else if (method.equals("GET") && path.equals("/mypage")) {
                if (defect == Defect.MYPAGE_SLOW && mypageCount.getAndIncrement() % 3 == 2) {
                    mypageSlow.incrementAndGet();
                    sleep(hangMillis);
                    return;
                }
                mypage(ex);
            } else if (method.equals("GET") && path.equals("/report")) {
                report(ex);
            } else if (method.equals("GET") && path.equals(BOOTSTRAP)) {
                byte[] b = bootstrap;
                if (defect == Defect.ASSET_WRONG_BYTES) {
                    b = (new String(bootstrap, StandardCharsets.ISO_8859_1) + " ").getBytes(StandardCharsets.ISO_8859_1);
                }
                send(ex, 200, "text/css", b);
            } else if (method.equals("GET") && path.equals(OWN_CSS)) {
                send(ex, 200, "text/css", "body{margin:0}".getBytes(StandardCharsets.UTF_8));
            } else if (method.equals("GET") && path.equals(LOGO)) {
                if (defect == Defect.ASSET_404) {
                    send(ex, 404, "text/plain", "not found".getBytes(StandardCharsets.UTF_8));
                } else {
                    send(ex, 200, "image/png", new byte[] {(byte) 0x89, 'P', 'N', 'G'});
                }
            } else {
                send(ex, 404, "text/plain", "not found".getBytes(StandardCharsets.UTF_8));
            }
        }
    }

    private String clientIp(HttpExchange ex) {
        String xff = ex.getRequestHeaders().getFirst("X-Forwarded-For");
        return xff != null && !xff.isEmpty() ? xff : ex.getRemoteAddress().getAddress().getHostAddress();
    }

    private Sess session(HttpExchange ex) {
        String cookie = ex.getRequestHeaders().getFirst("Cookie");
        if (cookie != null) {
            for (String part : cookie.split(";")) {
                String p = part.trim();
                if (p.startsWith("sid=")) {
                    return sessions.get(p.substring(4));
                }
            }
        }
        return null;
    }

    private Sess newSession(HttpExchange ex, boolean setCookie) {
        String id = UUID.randomUUID().toString();
        Sess s = new Sess();
        sessions.put(id, s);
        if (setCookie) {
            ex.getResponseHeaders().add("Set-Cookie", "sid=" + id + "; Path=/; HttpOnly");
        }
        return s;
    }

    private static final String HEAD = "<!DOCTYPE html><html><head><meta charset=\"UTF-8\">"
            + "<link rel=\"stylesheet\" href=\"" + BOOTSTRAP + "\"><link rel=\"stylesheet\" href=\"" + OWN_CSS + "\">"
            + "<title>isucon4</title></head><body><img src=\"" + LOGO + "\" alt=\"logo\">";

    private void index(HttpExchange ex) throws IOException {
        Sess s = session(ex);
        String notice = null;
        if (s != null) {
            notice = s.notice;
            s.notice = null;
        }
        StringBuilder b = new StringBuilder(HEAD);
        if (notice != null) {
            b.append("<div id=\"notice-message\" class=\"alert alert-danger\" role=\"alert\">")
                    .append(notice.replace("'", "&#39;")).append("</div>");
        }
        b.append("<form action=\"/login\" method=\"post\"><input type=\"text\" name=\"login\">"
                + "<input type=\"password\" name=\"password\"><input type=\"submit\" value=\"Login\"></form></body></html>");
        send(ex, 200, "text/html; charset=UTF-8", b.toString().getBytes(StandardCharsets.UTF_8));
    }

    private void holdLoginIfAsked() {
        long from = holdLoginsFromMillis;
        long first = firstRequestMillis;
        if (from < 0 || first < 0) {
            return;
        }
        long now = System.nanoTime() / 1_000_000;
        if (now - first >= from) {
            sleep(first + holdLoginsUntilMillis - now);
        }
    }

    private void login(HttpExchange ex) throws IOException {
        Map<String, String> form = form(ex.getRequestBody().readAllBytes());
        int n = loginPosts.incrementAndGet();
        holdLoginIfAsked();
        if (defect == Defect.LOGIN_503 && n % 3 == 0) {
            login503.incrementAndGet();
            send(ex, 503, "text/plain", "busy".getBytes(StandardCharsets.UTF_8));
            return;
        }
        if (defect == Defect.LOGIN_SLOW && n % 3 == 0) {
            loginSlow.incrementAndGet();
            try {
                Thread.sleep(hangMillis);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
        }
        String ip = clientIp(ex);
        loginIps.add(ip);
        String login = form.getOrDefault("login", "");
        String password = form.getOrDefault("password", "");
        String notice;
        User user;
        synchronized (this) {
            user = usersByLogin.get(login.toLowerCase());
            if (ipFailures.getOrDefault(ip, 0) >= 10) {
                notice = "You're banned.";
            } else if (user != null && userFailures.getOrDefault(user.id, 0) >= 3) {
                notice = "This account is locked.";
            } else if (user == null || !user.password.equals(password)) {
                notice = defect == Defect.WRONG_NOTICE ? "Wrong username or password." : "Wrong username or password";
            } else {
                notice = null;
            }
            if (notice == null) {
                ipFailures.put(ip, 0);
                userFailures.put(user.id, 0);
                Deque<Success> d = successes.computeIfAbsent(user.id, k -> new ArrayDeque<>());
                d.addFirst(new Success(ip, LocalDateTime.now().format(TIME)));
                while (d.size() > 2) {
                    d.removeLast();
                }
            } else {
                ipFailures.merge(ip, 1, Integer::sum);
                if (user != null) {
                    userFailures.merge(user.id, 1, Integer::sum);
                }
            }
        }
        Sess s = newSession(ex, defect != Defect.REDIRECT_DROPS_COOKIE || notice != null);
        if (notice == null) {
            s.userId = user.id;
            redirect(ex, "/mypage");
        } else {
            s.notice = notice;
            redirect(ex, "/");
        }
    }

    private void mypage(HttpExchange ex) throws IOException {
        forwardedOnMypage.add(String.valueOf(ex.getRequestHeaders().getFirst("X-Forwarded-For")));
        Sess s = session(ex);
        if (s == null || s.userId == null) {
            Sess n = s != null ? s : newSession(ex, true);
            n.notice = "You must be logged in";
            redirect(ex, "/");
            return;
        }
        Success shown;
        User user = usersById.get(s.userId);
        synchronized (this) {
            Deque<Success> d = successes.get(s.userId);
            shown = d.size() >= 2 ? d.peekLast() : d.peekFirst();
        }
        String ip = defect == Defect.WRONG_LAST_IP ? "127.0.0.1" : shown.ip();
        String at = defect == Defect.BAD_TIME ? shown.at().replace('-', '/') : shown.at();
        String html = HEAD + "<div id=\"last-login\"><dl><dt>Last login</dt><dd id=\"last-logined-at\">" + at
                + "</dd><dt>IP</dt><dd id=\"last-logined-ip\">" + ip + "</dd></dl><p>" + user.login
                + "</p></div></body></html>";
        send(ex, 200, "text/html; charset=UTF-8", html.getBytes(StandardCharsets.UTF_8));
    }

    private void report(HttpExchange ex) throws IOException {
        List<String> ips = new ArrayList<>();
        List<String> users = new ArrayList<>();
        synchronized (this) {
            ipFailures.forEach((ip, n) -> {
                if (n >= 10) {
                    ips.add(ip);
                }
            });
            userFailures.forEach((id, n) -> {
                if (n >= 3) {
                    users.add(usersById.get(id).login);
                }
            });
        }
        if (defect == Defect.REPORT_MISSING_USER && !users.isEmpty()) {
            users.remove(0);
        }
        String json = "{\"banned_ips\":" + jsonArray(ips) + ",\"locked_users\":" + jsonArray(users) + "}";
        send(ex, 200, "application/json", json.getBytes(StandardCharsets.UTF_8));
    }

    private static String jsonArray(List<String> l) {
        StringBuilder b = new StringBuilder("[");
        for (int i = 0; i < l.size(); i++) {
            if (i > 0) {
                b.append(',');
            }
            b.append('"').append(l.get(i).replace("\\", "\\\\").replace("\"", "\\\"")).append('"');
        }
        return b.append(']').toString();
    }

    private void redirect(HttpExchange ex, String location) throws IOException {
        if (ex.getRequestMethod().equals("POST")) {
            loginRedirects.incrementAndGet();
        }
        ex.getResponseHeaders().add("Location", location);
        int status = defect == Defect.REDIRECT_301 && ex.getRequestMethod().equals("POST") ? 301 : 302;
        ex.sendResponseHeaders(status, -1);
    }

    private static void send(HttpExchange ex, int status, String type, byte[] body) throws IOException {
        ex.getResponseHeaders().add("Content-Type", type);
        ex.sendResponseHeaders(status, body.length);
        try (OutputStream o = ex.getResponseBody()) {
            o.write(body);
        }
    }

    private static Map<String, String> form(byte[] body) {
        Map<String, String> m = new HashMap<>();
        for (String pair : new String(body, StandardCharsets.US_ASCII).split("&")) {
            int eq = pair.indexOf('=');
            if (eq > 0) {
                m.put(URLDecoder.decode(pair.substring(0, eq), StandardCharsets.UTF_8),
                        URLDecoder.decode(pair.substring(eq + 1), StandardCharsets.UTF_8));
            }
        }
        return m;
    }
}
