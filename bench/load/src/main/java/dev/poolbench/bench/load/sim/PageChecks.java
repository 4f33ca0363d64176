package dev.poolbench.bench.load.sim;

import dev.poolbench.bench.load.check.AssetManifest;
import dev.poolbench.bench.load.check.PageParser;
import dev.poolbench.bench.load.model.Flow;
import dev.poolbench.bench.load.model.FlowType;
import dev.poolbench.bench.load.score.Scorer;

import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The verdict on each response, docs/spec/bench.md section 1. Every method returns {@link #OK} or
 * the reason of the failure, which is also counted by the {@link Scorer}; Gatling shows the
 * reason as the KO message of the request. A page counts one failure at most (its first
 * failed check), as in the ISUCON4 benchmarker.
 */
final class PageChecks {
    static final String OK = "ok";
    static final int MAX_REDIRECTS = 10;

    private final Scorer scorer;
    private final AssetManifest manifest;
    private final String baseUrl;
    /** Asset bodies already found equal to the manifest, by path. */
    private final Map<String, byte[]> matched = new ConcurrentHashMap<>();

    PageChecks(Scorer scorer, AssetManifest manifest, String baseUrl) {
        this.scorer = scorer;
        this.manifest = manifest;
        this.baseUrl = baseUrl;
    }

    /**
     * A Location or asset reference as a path of the app, or null when it points to another
     * origin: the bench never sends load anywhere but {@code --base-url}.
     */
    String sameOrigin(String ref) {
        if (ref.startsWith("//") || ref.contains("://")) {
            if (!ref.startsWith(baseUrl)) {
                return null;
            }
            String rest = ref.substring(baseUrl.length());
            if (!rest.isEmpty() && "/?#".indexOf(rest.charAt(0)) < 0) {
                return null; // http://127.0.0.1:80801/..., not our origin
            }
            return rest.isEmpty() ? "/" : rest.startsWith("/") ? rest : "/" + rest;
        }
        return ref.startsWith("/") ? ref : "/" + ref;
    }

    /** Names the flow and the page in failure reasons: {@code fail flow, POST /login}. */
    private static String where(Flow f) {
        return f.type.name().toLowerCase() + " flow, " + f.pageName;
    }

    private String fail(Flow f, String reason) {
        String r = where(f) + ": " + reason;
        f.pageFailed = true;
        f.nextUrl = null;
        scorer.failed(r);
        scorer.requestKo();
        return r;
    }

    /**
     * One response of a page (the first request or a redirect hop): a 302/303 is followed by the
     * next hop, anything else is the final page and gets the page checks.
     */
    String response(Flow f, int status, String location, String body) {
        f.responded = true;
        if (f.pageIsLogin) {
            f.loginAnswered = true;
            if (f.hops == 0) {
                scorer.login(status == 302 || status == 303 ? Scorer.Login.DECIDED : Scorer.Login.ERROR_STATUS);
            }
        }
        if (status >= 300 && status < 400) {
            if (status != 302 && status != 303) {
                return fail(f, f.hopName + " answered " + status + " (redirects must be 302 or 303)");
            }
            if (location == null || location.isEmpty()) {
                return fail(f, f.hopName + " answered " + status + " without Location");
            }
            if (f.hops >= MAX_REDIRECTS) {
                return fail(f, "more than " + MAX_REDIRECTS + " redirects");
            }
            String next = sameOrigin(location);
            if (next == null) {
                return fail(f, f.hopName + " redirects to another origin");
            }
            f.nextUrl = next;
            return OK;
        }
        f.pageChecked = true;
        if (status != 200) {
            return fail(f, f.hopName + " answered " + status + " (expected 200)");
        }
        String reason = pageReason(f, PageParser.path(f.hopUrl), body);
        if (reason != null) {
            return fail(f, reason);
        }
        scorer.pagePassed(f.worker.id());
        List<String> refs = PageParser.assets(body);
        List<String> assets = new ArrayList<>(refs.size());
        for (String ref : refs) {
            String path = sameOrigin(ref);
            if (path == null) {
                assetFail(f, "asset on another origin, not fetched: " + PageParser.path(ref));
            } else {
                assets.add(path);
            }
        }
        f.assets = assets;
        return OK;
    }

    private static String pageReason(Flow f, String path, String body) {
        if (!f.pageIsLogin) {
            if (!path.equals("/")) {
                return "GET / ended at " + path;
            }
            String missing = PageParser.missingFormSelector(body);
            return missing == null ? null : "login form without " + missing;
        }
        if (f.type == FlowType.SUCCESS) {
            if (!path.equals("/mypage")) {
                return "login ended at " + path + " (expected /mypage)";
            }
            if (f.previous != null) {
                String ip = PageParser.lastLoginedIp(body);
                if (ip == null) {
                    return "#last-logined-ip missing";
                }
                if (!ip.equals(f.previous.ip())) {
                    return "#last-logined-ip is not the previous login's ip";
                }
                if (!PageParser.isTime(PageParser.lastLoginedAt(body))) {
                    return "#last-logined-at is not yyyy-MM-dd HH:mm:ss";
                }
            }
            return null;
        }
        if (!path.equals("/")) {
            return "login ended at " + path + " (expected /)";
        }
        String notice = PageParser.notice(body);
        if (notice == null) {
            return "#notice-message missing (expected '" + f.expectedNotice + "')";
        }
        if (!notice.equals(f.expectedNotice)) {
            return "#notice-message is not '" + f.expectedNotice + "'";
        }
        return null;
    }

    /**
     * Called after the last hop: a page with no final response (timeout, connection error) failed.
     * Its latency is counted as the time waited, since Gatling measured no response.
     */
    void pageDone(Flow f) {
        if (!f.responded && !f.pageFailed) {
            if (f.pageIsLogin && f.hops == 0) {
                scorer.login(Scorer.Login.NO_RESPONSE);
            }
            scorer.request((System.nanoTime() - f.hopStartNanos) / 1_000_000, 0);
            fail(f, f.hopName + ": no response (timeout or connection error)");
        }
        f.responded = false;
    }

    /**
     * One asset response: 200 expected, and the bytes of the file in the manifest. A body equal
     * to one already matched against the manifest is a match without hashing it again (same bytes,
     * same MD5): Bootstrap's 110 KB would otherwise be hashed on every page.
     */
    String assetResponse(Flow f, int slot, int status, byte[] body) {
        if (!f.claimAsset(slot)) {
            return OK;
        }
        String path = PageParser.path(f.asset(slot));
        if (status != 200) {
            return assetFail(f, "GET " + path + " answered " + status + " (expected 200)");
        }
        String expected = manifest.md5(path);
        if (expected == null) {
            return OK;
        }
        byte[] known = matched.get(path);
        if (known == null || !Arrays.equals(known, body)) {
            if (!expected.equals(md5(body))) {
                return assetFail(f, "GET " + path + " content differs from the expected file (MD5)");
            }
            matched.put(path, body);
        }
        scorer.assetMatched(f.worker.id());
        return OK;
    }

    static String md5(byte[] body) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("MD5").digest(body));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("no MD5 in this JVM", e);
        }
    }

    private String assetFail(Flow f, String reason) {
        String r = where(f) + ": " + reason;
        scorer.failed(r);
        scorer.requestKo();
        return r;
    }

    /** After the parallel asset fetch: slots that got no response failed. */
    void assetsDone(Flow f) {
        List<String> assets = f.assets;
        int n = Math.min(assets.size(), LoginSimulation.MAX_ASSETS);
        for (int i = 0; i < n; i++) {
            if (f.claimAsset(i)) {
                scorer.request((System.nanoTime() - f.assetsStartNanos) / 1_000_000, 0);
                assetFail(f, "GET " + PageParser.path(assets.get(i)) + ": no response (timeout or connection error)");
            }
        }
        if (assets.size() > LoginSimulation.MAX_ASSETS) {
            assetFail(f, "more than " + LoginSimulation.MAX_ASSETS + " assets on the page");
        }
    }
}
