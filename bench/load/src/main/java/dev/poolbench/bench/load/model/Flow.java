package dev.poolbench.bench.load.model;

import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * One login flow of one worker: the ip, the user, the password to send and what the final
 * page must show, plus the little mutable state the checks of its pages share.
 */
public final class Flow {
    public final Worker worker;
    public final int ip;
    public final String ipText;
    public final int user;
    public final String login;
    public final String password;
    public final FlowType type;
    /** Exact {@code #notice-message} of the final page, or null for the success flow. */
    public final String expectedNotice;
    /** The user's previous success as the model knew it at the start, or null. */
    public final ClientModel.LastLogin previous;

    // Per page state, reset by startPage(); the pages of a flow run one after the other.
    /** {@code GET /} or {@code POST /login}. */
    public String pageName;
    /** Whether this page is the login POST (else the GET / of the flow). */
    public boolean pageIsLogin;
    /** Current request of the page: the first one or a redirect hop. */
    public String hopName;
    public String hopUrl;
    public long hopStartNanos;
    /** Verdict on the current hop's response ({@code ok} or the failure), for Gatling's check. */
    public volatile String hopVerdict;
    public int hops;
    /** Location to follow next, or null when the page is done. */
    public volatile String nextUrl;
    public volatile boolean responded;
    public volatile boolean pageFailed;
    public volatile boolean pageChecked;
    public volatile List<String> assets = List.of();
    public long assetsStartNanos;
    /** Verdict on each asset slot's response, for Gatling's check of that response. */
    public final String[] assetVerdict = new String[32];
    private final AtomicInteger assetsClaimed = new AtomicInteger();
    /** Whether the POST /login got any response (else the server may or may not have logged it). */
    public volatile boolean loginAnswered;

    public Flow(Worker worker, int ip, int user, String login, String password, FlowType type,
                String expectedNotice, ClientModel.LastLogin previous) {
        this.worker = worker;
        this.ip = ip;
        this.ipText = IpLists.text(ip);
        this.user = user;
        this.login = login;
        this.password = password;
        this.type = type;
        this.expectedNotice = expectedNotice;
        this.previous = previous;
    }

    public void startPage(String name, boolean login, String path) {
        pageName = name;
        pageIsLogin = login;
        hopName = name;
        hopUrl = path;
        hops = 0;
        nextUrl = null;
        responded = false;
        pageFailed = false;
        pageChecked = false;
        assets = List.of();
        assetsClaimed.set(0);
        hopStartNanos = System.nanoTime();
    }

    /** Moves to the redirect target; returns its URL. */
    public String followRedirect() {
        hopUrl = nextUrl;
        nextUrl = null;
        responded = false; // else a hop with no answer would pass for answered by the previous hop
        hops++;
        hopName = "GET " + dev.poolbench.bench.load.check.PageParser.path(hopUrl);
        hopStartNanos = System.nanoTime();
        return hopUrl;
    }

    /** First outcome of asset slot i wins; later ones (a second check of the same response) are ignored. */
    public boolean claimAsset(int slot) {
        int bit = 1 << slot;
        while (true) {
            int cur = assetsClaimed.get();
            if ((cur & bit) != 0) {
                return false;
            }
            if (assetsClaimed.compareAndSet(cur, cur | bit)) {
                return true;
            }
        }
    }

    /** Asset path of slot i (the simulation has fixed slots; unused ones are never requested). */
    public String asset(int i) {
        return assets.get(i);
    }
}
