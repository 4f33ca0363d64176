package dev.poolbench.bench.load.sim;

import static io.gatling.javaapi.core.CoreDsl.asLongAs;
import static io.gatling.javaapi.core.CoreDsl.atOnceUsers;
import static io.gatling.javaapi.core.CoreDsl.doIf;
import static io.gatling.javaapi.core.CoreDsl.doIfOrElse;
import static io.gatling.javaapi.core.CoreDsl.doSwitch;
import static io.gatling.javaapi.core.CoreDsl.exec;
import static io.gatling.javaapi.core.CoreDsl.onCase;
import static io.gatling.javaapi.core.CoreDsl.pause;
import static io.gatling.javaapi.core.CoreDsl.scenario;
import static io.gatling.javaapi.http.HttpDsl.flushCookieJar;
import static io.gatling.javaapi.http.HttpDsl.http;
import static io.gatling.javaapi.http.HttpDsl.status;

import dev.poolbench.bench.load.check.PageParser;
import dev.poolbench.bench.load.model.Flow;
import dev.poolbench.bench.load.model.Worker;
import io.gatling.javaapi.core.ChainBuilder;
import io.gatling.javaapi.core.PopulationBuilder;
import io.gatling.javaapi.core.CheckBuilder;
import io.gatling.javaapi.core.Choice;
import io.gatling.javaapi.core.Session;
import io.gatling.javaapi.core.Simulation;
import io.gatling.javaapi.http.HttpProtocolBuilder;
import io.gatling.javaapi.http.HttpRequestActionBuilder;
import io.gatling.http.response.Response;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

/**
 * The ISUCON4 qualifier workload, closed model: {@code workload} workers each run one login
 * flow after the other until the duration is up (docs/spec/bench.md section 1).
 *
 * <p>Redirects are followed by the simulation itself, not by Gatling, so that the status of
 * every hop is checked (a 301 must fail) and the X-Forwarded-For header is on each hop. All
 * checks of a response are one pass of {@link PageChecks} over status, Location and body in a
 * response transformer, and one Gatling check that reports its verdict: no DOM, no per-request
 * JSON, no saved session attributes besides the flow object.
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
     * One pass over each page response, before Gatling's checks: latency (Gatling's own measure,
     * request sent to response received), status, Location and, for a 200, the body go to
     * {@link PageChecks}; the verdict is kept on the flow for the single check below.
     */
    private Response pageResponse(Response r, Session s) {
        Flow f = flow(s);
        int status = r.status().code();
        ctx.scorer.request(r.endTimestamp() - r.startTimestamp(), status);
        if (ctx.scorer.jump() != null) {
            ctx.scorer.jump().page(r.endTimestamp() - r.startTimestamp());
        }
        String location = status >= 300 && status < 400 ? r.headers().get("Location") : null;
        String body = status == 200 ? r.body().string() : "";
        f.hopVerdict = checks.response(f, status, location == null ? "" : location, body);
        return r;
    }

    /** The verdict taken in {@link #pageResponse}, as Gatling's OK/KO of the request. */
    private CheckBuilder pageVerdict() {
        return status().transformWithSession((st, s) -> flow(s).hopVerdict).is(PageChecks.OK);
    }

    private Response assetResponse(int slot, Response r, Session s) {
        Flow f = flow(s);
        int status = r.status().code();
        ctx.scorer.request(r.endTimestamp() - r.startTimestamp(), status);
        f.assetVerdict[slot] = checks.assetResponse(f, slot, status, status == 200 ? r.body().bytes() : null);
        return r;
    }

    private HttpRequestActionBuilder getIndex() {
        return http("GET /").get("/")
                .header("X-Forwarded-For", s -> flow(s).ipText)
                .transformResponse(this::pageResponse)
                .check(pageVerdict());
    }

    private HttpRequestActionBuilder postLogin() {
        return http("POST /login").post("/login")
                .header("X-Forwarded-For", s -> flow(s).ipText)
                .formParam("login", s -> flow(s).login)
                .formParam("password", s -> flow(s).password)
                .transformResponse(this::pageResponse)
                .check(pageVerdict());
    }

    private HttpRequestActionBuilder redirectHop() {
        return http(s -> flow(s).hopName).get(s -> flow(s).hopUrl)
                .header("X-Forwarded-For", s -> flow(s).ipText)
                .transformResponse(this::pageResponse)
                .check(pageVerdict());
    }

    /**
     * The request, sent with the normal timeout before the deadline and with the short one after
     * it (work.go Timeout(): the original gives every request after its minute 50 ms).
     */
    private ChainBuilder timed(Function<Boolean, HttpRequestActionBuilder> request) {
        return doIfOrElse(s -> ctx.timeUp())
                .then(exec(request.apply(true).requestTimeout(Duration.ofMillis(ctx.config.lateRequestTimeoutMillis))))
                .orElse(exec(request.apply(false)));
    }

    private HttpRequestActionBuilder asset(int slot, boolean late) {
        HttpRequestActionBuilder a = asset(slot);
        return late ? a.requestTimeout(Duration.ofMillis(ctx.config.lateRequestTimeoutMillis)) : a;
    }

    private HttpRequestActionBuilder asset(int slot) {
        return http(s -> "GET " + PageParser.path(flow(s).asset(slot))).get(s -> flow(s).asset(slot))
                .header("X-Forwarded-For", s -> flow(s).ipText)
                .transformResponse((r, s) -> assetResponse(slot, r, s))
                .check(status().transformWithSession((st, s) -> flow(s).assetVerdict[slot]).is(PageChecks.OK));
    }

    // ---- chains per user action ----

    /** Fetches the n assets of the page in parallel: the first request carries the others as resources. */
    private ChainBuilder assets(int n) {
        return timed(late -> {
            List<HttpRequestActionBuilder> rest = new ArrayList<>();
            for (int i = 1; i < n; i++) {
                rest.add(asset(i, late));
            }
            return asset(0, late).resources(rest);
        });
    }

    private ChainBuilder page(String name, boolean login, String path, Function<Boolean, HttpRequestActionBuilder> first) {
        List<Choice.WithKey> byCount = new ArrayList<>();
        for (int n = 1; n <= MAX_ASSETS; n++) {
            byCount.add(onCase(n).then(assets(n)));
        }
        return exec(s -> {
                    flow(s).startPage(name, login, path);
                    return s;
                })
                .exec(timed(first))
                .asLongAs(s -> flow(s).nextUrl != null).on(
                        exec(s -> {
                            flow(s).followRedirect();
                            return s;
                        }).exec(timed(late -> redirectHop())))
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

    /** One login flow: fresh cookie jar, GET /, POST /login (success, fail or blocked) unless GET / failed, model update. */
    private ChainBuilder loginFlow() {
        return exec(flushCookieJar())
                .exec(s -> {
                    Worker w = s.get(Keys.WORKER);
                    Flow f = w.nextFlow();
                    ctx.scorer.flow(f.type);
                    return s.set(Keys.FLOW, f);
                })
                .exec(page("GET /", false, "/", late -> getIndex()))
                // login_scenario.go returns after a failed top page: no POST, but the model is
                // still updated (below), as docs/spec/bench.md section 1 says.
                .doIf(s -> !flow(s).pageFailed).then(
                        page("POST /login", true, "/login", late -> postLogin()))
                .exec(s -> {
                    Flow f = flow(s);
                    if (ctx.timeUp()) {
                        // work.go: a flow that ends after the deadline is flagged incomplete.
                        ctx.model.markIncomplete(f.ip, f.user);
                    }
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

        // A pause (--pause-seconds) holds each worker before its next flow. Only a run with one has
        // the step: Gatling's pause goes through the event loop even for 0 ms.
        ChainBuilder flow = ctx.config.pauseSeconds > 0 ? pause(s -> ctx.untilResume()).exec(loginFlow()) : loginFlow();
        ChainBuilder worker = exec(s -> s.set(Keys.WORKER, ctx.newWorker()))
                .asLongAs(s -> !ctx.timeUp()).on(flow);

        List<PopulationBuilder> populations = new ArrayList<>();
        populations.add(scenario("isucon4 login").exec(worker).injectOpen(atOnceUsers(ctx.config.workload)));
        if (ctx.config.jumpWorkload > 0) {
            populations.add(scenario("isucon4 login jump").exec(jumpWorker(loginFlow()))
                    .injectOpen(atOnceUsers(ctx.config.jumpWorkload)));
        }
        setUp(populations)
                .protocols(protocol)
                .maxDuration(Duration.ofSeconds(ctx.config.durationSeconds + ctx.config.graceSeconds));
    }

    /**
     * A worker of the load jump (--jump-workload): waits from the run's start for the jump, takes
     * its ip list and users as any worker does (so the model and the /report check stay exact),
     * and starts flows while the jump is on; the flow it is in when the jump ends runs to its end.
     */
    private ChainBuilder jumpWorker(ChainBuilder flow) {
        return exec(s -> {
                    ctx.start();
                    return s;
                })
                .pause(s -> ctx.untilJump())
                .exec(s -> s.set(Keys.WORKER, ctx.newJumpWorker()))
                .asLongAs(s -> ctx.inJump()).on(flow.exec(s -> {
                    ctx.scorer.jump().flowDone();
                    return s;
                }));
    }

    @Override
    public void after() {
        ctx.stop();
    }
}
