package dev.poolbench.bench.load.model;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicIntegerArray;
import java.util.concurrent.atomic.AtomicReferenceArray;

/**
 * What the bench expects the server to know, shared by all workers (docs/spec/bench.md section 1):
 * consecutive failures per ip and per user, the last successful login per user, and which
 * ips/users are incomplete (an attempt of theirs may or may not have reached the server).
 *
 * <p>Hot path: plain atomic arrays indexed by ip index / user position, no maps, no locks.
 * An ip belongs to one worker's list and a user is held by one worker at a time, so the
 * read-then-write sequences on one entry never race.
 */
public final class ClientModel {

    /** Previous successful login of a user as the model knows it. */
    public record LastLogin(String ip, long epochMillis) {
    }

    public static final String NOTICE_WRONG = "Wrong username or password";
    public static final String NOTICE_BANNED = "You're banned.";
    public static final String NOTICE_LOCKED = "This account is locked.";

    private final UserData users;
    private final Partition partition;
    private final int ipBanThreshold;
    private final int userLockThreshold;

    private final AtomicIntegerArray ipFailures = new AtomicIntegerArray(IpLists.IP_COUNT);
    private final AtomicIntegerArray ipInFlight = new AtomicIntegerArray(IpLists.IP_COUNT);
    private final AtomicIntegerArray ipIncomplete = new AtomicIntegerArray(IpLists.IP_COUNT);
    private final AtomicIntegerArray userFailures;
    private final AtomicIntegerArray userInUse;
    private final AtomicIntegerArray userInFlight;
    private final AtomicIntegerArray userIncomplete;
    private final AtomicReferenceArray<LastLogin> lastLogin;
    /** Lists handed out so far; list number m of this host is {@code firstList + m * K}. */
    private final AtomicInteger listsHandedOut = new AtomicInteger();

    public ClientModel(UserData users, Partition partition, int ipBanThreshold, int userLockThreshold) {
        this.users = users;
        this.partition = partition;
        this.ipBanThreshold = ipBanThreshold;
        this.userLockThreshold = userLockThreshold;
        int n = users.size();
        userFailures = new AtomicIntegerArray(n);
        for (int u = 0; u < n; u++) {
            userFailures.set(u, users.initialFailures(u));
        }
        userInUse = new AtomicIntegerArray(n);
        userInFlight = new AtomicIntegerArray(n);
        userIncomplete = new AtomicIntegerArray(n);
        lastLogin = new AtomicReferenceArray<>(n);
    }

    public UserData users() {
        return users;
    }

    public Partition partition() {
        return partition;
    }

    // ---- ip lists and users handed to workers ----

    /** Next ip list of this host never handed out before, or -1 when all are taken. */
    public int claimNextList() {
        while (true) {
            int m = listsHandedOut.get();
            int list = partition.firstList() + m * partition.count();
            if (list >= IpLists.LIST_COUNT) {
                return -1;
            }
            if (listsHandedOut.compareAndSet(m, m + 1)) {
                return list;
            }
        }
    }

    public int userSliceStart() {
        return partition.userSliceStart(users.size());
    }

    public int userSliceEnd() {
        return partition.userSliceEnd(users.size());
    }

    /** Takes a user for one flow; false when another worker is using it. */
    public boolean tryAcquireUser(int user) {
        return userInUse.compareAndSet(user, 0, 1);
    }

    public void releaseUser(int user) {
        userInUse.set(user, 0);
    }

    // ---- the model proper ----

    public boolean isBanned(int ip) {
        return ipFailures.get(ip) >= ipBanThreshold;
    }

    public boolean isLocked(int user) {
        return userFailures.get(user) >= userLockThreshold;
    }

    public int ipFailures(int ip) {
        return ipFailures.get(ip);
    }

    public int userFailures(int user) {
        return userFailures.get(user);
    }

    /**
     * Flow for this ip and user: blocked when banned or locked, else success when
     * {@code draw < 6} and the ip's last octet is divisible by 3, else fail.
     *
     * @param draw a random number in 0..9
     */
    public FlowType chooseFlow(int ip, int user, int draw) {
        if (isBanned(ip) || isLocked(user)) {
            return FlowType.BLOCKED;
        }
        if (draw < 6 && IpLists.lastOctetOf(ip) % 3 == 0) {
            return FlowType.SUCCESS;
        }
        return FlowType.FAIL;
    }

    /** The notice a blocked flow must show: the ban wins over the lock. */
    public String blockedNotice(int ip) {
        return isBanned(ip) ? NOTICE_BANNED : NOTICE_LOCKED;
    }

    public LastLogin lastLogin(int user) {
        return lastLogin.get(user);
    }

    /** A successful login: resets both counts unless already blocked, remembers ip and time. */
    public void recordSuccess(int ip, int user, long epochMillis) {
        if (!isBanned(ip)) {
            ipFailures.set(ip, 0);
        }
        if (!isLocked(user)) {
            userFailures.set(user, 0);
        }
        lastLogin.set(user, new LastLogin(IpLists.text(ip), epochMillis));
    }

    /** A failed or blocked attempt: both counts +1. */
    public void recordFailure(int ip, int user) {
        ipFailures.incrementAndGet(ip);
        userFailures.incrementAndGet(user);
    }

    /** A flow of this ip and user started: until {@link #endFlow} it counts as in flight. */
    public void beginFlow(int ip, int user) {
        ipInFlight.incrementAndGet(ip);
        userInFlight.incrementAndGet(user);
    }

    public void endFlow(int ip, int user) {
        ipInFlight.decrementAndGet(ip);
        userInFlight.decrementAndGet(user);
    }

    /** The server may or may not have logged an attempt of this ip and user. */
    public void markIncomplete(int ip, int user) {
        ipIncomplete.set(ip, 1);
        userIncomplete.set(user, 1);
    }

    public boolean isIncompleteIp(int ip) {
        return ipIncomplete.get(ip) != 0;
    }

    public boolean isIncompleteUser(int user) {
        return userIncomplete.get(user) != 0;
    }

    /** At the end of a run: every flow cut short is incomplete. Returns how many ips were. */
    public int markInFlightIncomplete() {
        int n = 0;
        for (int ip = 0; ip < IpLists.IP_COUNT; ip++) {
            if (ipInFlight.get(ip) > 0) {
                ipIncomplete.set(ip, 1);
                n++;
            }
        }
        for (int u = 0; u < users.size(); u++) {
            if (userInFlight.get(u) > 0) {
                userIncomplete.set(u, 1);
            }
        }
        return n;
    }

    // ---- expectations for the /report check ----

    public List<String> bannedIps() {
        List<String> out = new ArrayList<>();
        for (int ip = 0; ip < IpLists.IP_COUNT; ip++) {
            if (isBanned(ip)) {
                out.add(IpLists.text(ip));
            }
        }
        return out;
    }

    public List<String> lockedUsers() {
        List<String> out = new ArrayList<>();
        for (int u = 0; u < users.size(); u++) {
            if (isLocked(u)) {
                out.add(users.login(u));
            }
        }
        return out;
    }

    public List<String> incompleteIps() {
        List<String> out = new ArrayList<>();
        for (int ip = 0; ip < IpLists.IP_COUNT; ip++) {
            if (isIncompleteIp(ip)) {
                out.add(IpLists.text(ip));
            }
        }
        return out;
    }

    public List<String> incompleteUsers() {
        List<String> out = new ArrayList<>();
        for (int u = 0; u < users.size(); u++) {
            if (isIncompleteUser(u)) {
                out.add(users.login(u));
            }
        }
        return out;
    }
}
