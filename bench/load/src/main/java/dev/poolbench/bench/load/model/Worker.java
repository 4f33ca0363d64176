package dev.poolbench.bench.load.model;

import java.util.SplittableRandom;

/**
 * One worker (a Gatling virtual user) of the closed model: owns an ip list and a group of up
 * to 100 consecutive users, both switched every 20 flows when mostly blocked. Used by one
 * virtual user only, so its fields need no synchronisation.
 */
public final class Worker {
    public static final int FLOWS_PER_CHECK = 20;
    public static final int GROUP_SIZE = 100;
    /** Move to a new user group when more than this many of the group are locked. */
    public static final int GROUP_LOCKED_LIMIT = 20;

    private static final char[] ALPHABET =
            "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789".toCharArray();

    private final int id;
    private final ClientModel model;
    private final SplittableRandom random;
    private final int sliceStart;
    private final int sliceSize;
    private final int groupSize;
    private int list;
    private int groupStart;
    private long flows;

    public Worker(int id, ClientModel model, long seed) {
        this.id = id;
        this.model = model;
        this.random = new SplittableRandom(seed * 1_000_003L + id);
        this.sliceStart = model.userSliceStart();
        this.sliceSize = model.userSliceEnd() - sliceStart;
        if (sliceSize < 1) {
            throw new IllegalStateException("partition " + model.partition() + " holds no users");
        }
        this.groupSize = Math.min(GROUP_SIZE, sliceSize);
        this.list = model.claimNextList();
        if (list < 0) {
            throw new IllegalStateException("no ip list left for worker " + id);
        }
        this.groupStart = random.nextInt(sliceSize);
    }

    public int id() {
        return id;
    }

    public int list() {
        return list;
    }

    public int groupStart() {
        return sliceStart + groupStart;
    }

    /** User position of member i (0-based) of the current group, wrapping inside the slice. */
    public int groupMember(int i) {
        return sliceStart + (groupStart + i) % sliceSize;
    }

    public int groupSize() {
        return groupSize;
    }

    /** Picks ip, user and flow type for the next flow and marks them in flight. */
    public Flow nextFlow() {
        if (flows > 0 && flows % FLOWS_PER_CHECK == 0) {
            maybeSwitchList();
            maybeSwitchGroup();
        }
        flows++;
        int ip = IpLists.index(list, random.nextInt(IpLists.LIST_SIZE));
        int user = acquireUser();
        FlowType type = model.chooseFlow(ip, user, random.nextInt(10));
        String rightPassword = model.users().password(user);
        String password = type == FlowType.FAIL ? wrongPassword(rightPassword) : rightPassword;
        String notice = switch (type) {
            case SUCCESS -> null;
            case FAIL -> ClientModel.NOTICE_WRONG;
            case BLOCKED -> model.blockedNotice(ip);
        };
        model.beginFlow(ip, user);
        return new Flow(this, ip, user, model.users().login(user), password, type, notice, model.lastLogin(user));
    }

    /** Records the outcome of the flow in the model (even when its requests failed) and frees the user. */
    public void finish(Flow flow, long epochMillis) {
        if (!flow.loginAnswered) {
            model.markIncomplete(flow.ip, flow.user);
        }
        if (flow.type == FlowType.SUCCESS) {
            model.recordSuccess(flow.ip, flow.user, epochMillis);
        } else {
            model.recordFailure(flow.ip, flow.user);
        }
        model.endFlow(flow.ip, flow.user);
        model.releaseUser(flow.user);
    }

    void maybeSwitchList() {
        int banned = 0;
        for (int j = 0; j < IpLists.LIST_SIZE; j++) {
            if (model.isBanned(IpLists.index(list, j))) {
                banned++;
            }
        }
        if (banned * 2 >= IpLists.LIST_SIZE) {
            int next = model.claimNextList();
            if (next >= 0) {
                list = next;
            }
        }
    }

    void maybeSwitchGroup() {
        int locked = 0;
        for (int i = 0; i < groupSize; i++) {
            if (model.isLocked(groupMember(i))) {
                locked++;
            }
        }
        if (locked > GROUP_LOCKED_LIMIT) {
            groupStart = random.nextInt(sliceSize);
        }
    }

    private int acquireUser() {
        for (int attempt = 0; attempt < 20; attempt++) {
            int first = random.nextInt(groupSize);
            for (int i = 0; i < groupSize; i++) {
                int user = groupMember((first + i) % groupSize);
                if (model.tryAcquireUser(user)) {
                    return user;
                }
            }
            groupStart = random.nextInt(sliceSize);
        }
        throw new IllegalStateException("worker " + id + " found no free user: more workers than users?");
    }

    String wrongPassword(String right) {
        char[] c = new char[right.length() + 1];
        for (int i = 0; i < c.length; i++) {
            c[i] = ALPHABET[random.nextInt(ALPHABET.length)];
        }
        return new String(c);
    }

    /** Test hook: force the flow counter (to reach a 20-flow boundary). */
    void setFlows(long n) {
        flows = n;
    }
}
