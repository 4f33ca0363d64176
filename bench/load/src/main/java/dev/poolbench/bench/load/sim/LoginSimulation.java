package dev.poolbench.bench.load.sim;

import static io.gatling.javaapi.core.CoreDsl.asLongAs;
import static io.gatling.javaapi.core.CoreDsl.atOnceUsers;
import static io.gatling.javaapi.core.CoreDsl.bodyString;
import static io.gatling.javaapi.core.CoreDsl.doIf;
import static io.gatling.javaapi.core.CoreDsl.doSwitch;
import static io.gatling.javaapi.core.CoreDsl.exec;
import static io.gatling.javaapi.core.CoreDsl.md5;
import static io.gatling.javaapi.core.CoreDsl.onCase;
import static io.gatling.javaapi.core.CoreDsl.responseTimeInMillis;
import static io.gatling.javaapi.core.CoreDsl.scenario;
import static io.gatling.javaapi.http.HttpDsl.flushCookieJar;
import static io.gatling.javaapi.http.HttpDsl.header;
import static io.gatling.javaapi.http.HttpDsl.http;
import static io.gatling.javaapi.http.HttpDsl.status;

import dev.poolbench.bench.load.check.PageParser;
import dev.poolbench.bench.load.model.Flow;
import dev.poolbench.bench.load.model.Worker;
import io.gatling.javaapi.core.ChainBuilder;
import io.gatling.javaapi.core.CheckBuilder;
import io.gatling.javaapi.core.Choice;
import io.gatling.javaapi.core.Session;
import io.gatling.javaapi.core.Simulation;
import io.gatling.javaapi.http.HttpProtocolBuilder;
import io.gatling.javaapi.http.HttpRequestActionBuilder;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * The ISUCON4 qualifier workload, closed model: {@code workload} workers each run one login
 * flow after the other until the duration is up (spec/bench.md section 1).
 *
 * <p>Redirects are followed by the simulation itself, not by Gatling, so that the status of
 * every hop is checked (a 301 must fail) and the X-Forwarded-For header is on each hop. All
 * checks of a response are one pass of {@link PageChecks} over status, Location and body:
 * no DOM, no per-request JSON, no saved session attributes besides the flow object.
 */
public class LoginSimulation extends Simulation {
    /** Asset slots per page: the simulation fetches up to this many assets of a page in parallel. */
    static final int MAX_ASSETS = 16;

    private final RunContext ctx = RunContext.current();
    private final PageChecks checks = new PageChecks(ctx.scorer, ctx.manifest, ctx.config.baseUrl);

    private static Flow flow(Session s) {
        return s.get(Keys.FLOW);
    }

    // ---- one definition per endpoint, with its checks ----

    /**
     * Records the latency of every response (Gatling's own measure: request sent to response
     * received) with its status; Gatling runs time checks after the status checks, which stored it.
     */
    private CheckBuilder latency(int slot) {
        return responseTimeInMillis().transformWithSession((ms, s) -> {
            Flow f = flow(s);
            ctx.scorer.request(ms, slot < 0 ? f.hopStatus : f.assetStatus[slot]);
            return PageChecks.OK;
        }).is(PageChecks.OK);
    }

    /** Checks of a page response: status and Location recorded, the verdict taken on the body. */
    private CheckBuilder[] pageChecks() {
        return new CheckBuilder[] {
            latency(-1),
            status().transformWithSession((st, s) -> {
                flow(s).hopStatus = st;
                return PageChecks.OK;
            }).is(PageChecks.OK),
            header("Location").withDefault("").transformWithSession((loc, s) -> {
                flow(s).hopLocation = loc;
                return PageChecks.OK;
            }).is(PageChecks.OK),
            bodyString().withDefault("").transformWithSession((body, s) -> {
                Flow f = flow(s);
                return checks.response(f, f.hopStatus, f.hopLocation, body);
            }).is(PageChecks.OK),
        };
    }

    private HttpRequestActionBuilder getIndex() {
        return http("GET /").get("/")
                .header("X-Forwarded-For", s -> flow(s).ipText)
                .check(pageChecks());
    }

    private HttpRequestActionBuilder postLogin() {
        return http("POST /login").post("/login")
                .header("X-Forwarded-For", s -> flow(s).ipText)
                .formParam("login", s -> flow(s).login)
                .formParam("password", s -> flow(s).password)
                .check(pageChecks());
    }

    private HttpRequestActionBuilder redirectHop() {
        return http(s -> flow(s).hopName).get(s -> flow(s).hopUrl)
                .header("X-Forwarded-For", s -> flow(s).ipText)
                .check(pageChecks());
    }

    private HttpRequestActionBuilder asset(int slot) {
        return http(s -> "GET " + PageParser.path(flow(s).asset(slot))).get(s -> flow(s).asset(slot))
                .header("X-Forwarded-For", s -> flow(s).ipText)
                .check(
                        latency(slot),
                        status().transformWithSession((st, s) -> {
                            flow(s).assetStatus[slot] = st;
                            return checks.assetStatus(flow(s), slot, st);
                        }).is(PageChecks.OK),
                        md5().withDefault("").transformWithSession((m, s) -> checks.assetBody(flow(s), slot, m)).is(PageChecks.OK));
    }

    // ---- chains per user action ----

    /** Fetches the n assets of the page in parallel: the first request carries the others as resources. */
    private ChainBuilder assets(int n) {
        List<HttpRequestActionBuilder> rest = new ArrayList<>();
        for (int i = 1; i < n; i++) {
            rest.add(asset(i));
        }
        return exec(asset(0).resources(rest));
    }

    private ChainBuilder page(String name, boolean login, String path, HttpRequestActionBuilder first) {
        List<Choice.WithKey> byCount = new ArrayList<>();
        for (int n = 1; n <= MAX_ASSETS; n++) {
            byCount.add(onCase(n).then(assets(n)));
        }
        return exec(s -> {
                    flow(s).startPage(name, login, path);
                    return s;
                })
                .exec(first)
                .asLongAs(s -> flow(s).nextUrl != null).on(
                        exec(s -> {
                            flow(s).followRedirect();
                            return s;
                        }).exec(redirectHop()))
                .exec(s -> {
                    Flow f = flow(s);
                    checks.pageDone(f);
                    f.assetsStartNanos = System.nanoTime();
                    return s;
                })
                .doIf(s -> !flow(s).assets.isEmpty()).then(
                        doSwitch(s -> Math.min(flow(s).assets.size(), MAX_ASSETS)).on(byCount))
                .exec(s -> {
                    checks.assetsDone(flow(s));
                    return s;
                });
    }

    /** One login flow: fresh cookie jar, GET /, POST /login (success, fail or blocked), model update. */
    private ChainBuilder loginFlow() {
        return exec(flushCookieJar())
                .exec(s -> {
                    Worker w = s.get(Keys.WORKER);
                    Flow f = w.nextFlow();
                    ctx.scorer.flow(f.type);
                    return s.set(Keys.FLOW, f);
                })
                .exec(page("GET /", false, "/", getIndex()))
                .exec(page("POST /login", true, "/login", postLogin()))
                .exec(s -> {
                    Flow f = flow(s);
                    f.worker.finish(f, System.currentTimeMillis());
                    // Failures are scored by PageChecks; do not let one stop the worker.
                    return s.remove(Keys.FLOW).markAsSucceeded();
                });
    }

    {
        HttpProtocolBuilder protocol = http.baseUrl(ctx.config.baseUrl)
                .userAgentHeader(ctx.config.userAgent)
                .disableFollowRedirect()
                .disableCaching()
                .disableWarmUp()
                .disableAutoReferer()
                .disableAutoOrigin();

        ChainBuilder worker = exec(s -> s.set(Keys.WORKER, ctx.newWorker()))
                .asLongAs(s -> !ctx.timeUp()).on(loginFlow());

        setUp(scenario("isucon4 login").exec(worker).injectOpen(atOnceUsers(ctx.config.workload)))
                .protocols(protocol)
                .maxDuration(Duration.ofSeconds(ctx.config.durationSeconds + ctx.config.graceSeconds));
    }

    @Override
    public void after() {
        ctx.stop();
    }
}
