package dev.poolbench.bench.load.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.Test;

class WorkerTest {

    private static ClientModel model(int users, Partition p) {
        return new ClientModel(ClientModelTest.users(users), p, 10, 3);
    }

    @Test
    void eachWorkerOwnsANewListAndPicksIpsFromIt() {
        ClientModel m = model(1_000, new Partition(1, 1));
        Worker a = new Worker(0, m, 1);
        Worker b = new Worker(1, m, 1);
        assertEquals(0, a.list());
        assertEquals(1, b.list());
        for (int i = 0; i < 50; i++) {
            Flow f = a.nextFlow();
            assertEquals(0, IpLists.listOf(f.ip));
            a.finish(answered(f), i);
        }
    }

    @Test
    void movesToTheNextNewListAfter20FlowsWhenHalfTheListIsBanned() {
        ClientModel m = model(1_000, new Partition(1, 1));
        Worker a = new Worker(0, m, 1);
        new Worker(1, m, 1); // holds list 1
        for (int j = 0; j < 63; j++) {
            ban(m, IpLists.index(0, j));
        }
        a.setFlows(20);
        a.finish(answered(a.nextFlow()), 0);
        assertEquals(0, a.list(), "63 of 127 banned is less than half");
        ban(m, IpLists.index(0, 63));
        a.setFlows(39);
        a.finish(answered(a.nextFlow()), 0);
        assertEquals(0, a.list(), "only every 20 flows");
        a.finish(answered(a.nextFlow()), 0); // flow number 41: the check after 40
        assertEquals(2, a.list(), "64 banned: next list never handed out before");
    }

    @Test
    void takesAFreshGroupWhenMoreThan20AreLocked() {
        ClientModel m = model(10_000, new Partition(1, 1));
        Worker a = new Worker(0, m, 7);
        int start = a.groupStart();
        for (int i = 0; i < 20; i++) {
            lock(m, a.groupMember(i));
        }
        a.setFlows(20);
        a.finish(answered(a.nextFlow()), 0);
        assertEquals(start, a.groupStart(), "20 locked is not more than 20");
        lock(m, a.groupMember(20));
        a.setFlows(40);
        a.finish(answered(a.nextFlow()), 0);
        assertNotEquals(start, a.groupStart());
    }

    @Test
    void groupIs100ConsecutiveUsersWrapping() {
        ClientModel m = model(150, new Partition(1, 1));
        Worker a = new Worker(0, m, 3);
        Set<Integer> members = new HashSet<>();
        for (int i = 0; i < a.groupSize(); i++) {
            members.add(a.groupMember(i));
            assertEquals((a.groupMember(0) + i) % 150, a.groupMember(i));
        }
        assertEquals(100, members.size());
        for (int i = 0; i < 200; i++) {
            Flow f = a.nextFlow();
            assertTrue(members.contains(f.user));
            a.finish(answered(f), i);
        }
    }

    @Test
    void skipsUsersInUseByAnotherWorker() {
        ClientModel m = model(100, new Partition(1, 1));
        Worker a = new Worker(0, m, 1);
        for (int u = 0; u < 100; u++) {
            if (u != 42) {
                assertTrue(m.tryAcquireUser(u));
            }
        }
        Flow f = a.nextFlow();
        assertEquals(42, f.user);
    }

    @Test
    void wrongPasswordIsOneCharLongerAndFlowsMatchTheModel() {
        ClientModel m = model(1_000, new Partition(1, 1));
        Worker a = new Worker(0, m, 9);
        int fails = 0;
        for (int i = 0; i < 300; i++) {
            Flow f = a.nextFlow();
            String right = m.users().password(f.user);
            switch (f.type) {
                case FAIL -> {
                    fails++;
                    assertEquals(right.length() + 1, f.password.length());
                    assertEquals(ClientModel.NOTICE_WRONG, f.expectedNotice);
                }
                case SUCCESS -> assertEquals(0, IpLists.lastOctetOf(f.ip) % 3);
                case BLOCKED -> assertEquals(right, f.password);
            }
            a.finish(answered(f), i);
        }
        assertTrue(fails > 0);
    }

    @Test
    void unansweredLoginMarksIpAndUserIncomplete() {
        ClientModel m = model(1_000, new Partition(1, 1));
        Worker a = new Worker(0, m, 9);
        Flow f = a.nextFlow();
        a.finish(f, 0);
        assertTrue(m.isIncompleteIp(f.ip));
        assertTrue(m.isIncompleteUser(f.user));
        assertEquals(1, m.userFailures(f.user) + (f.type == FlowType.SUCCESS ? 1 : 0), "model updated anyway");
    }

    @Test
    void partitionsAreDisjoint() {
        int users = 10_000;
        Set<Integer> lists = new HashSet<>();
        Set<Integer> userSet = new HashSet<>();
        for (int i = 1; i <= 3; i++) {
            Partition p = new Partition(i, 3);
            ClientModel m = model(users, p);
            for (int k; (k = m.claimNextList()) >= 0; ) {
                assertTrue(p.ownsList(k));
                assertTrue(lists.add(k), "list " + k + " given to two hosts");
            }
            for (int u = m.userSliceStart(); u < m.userSliceEnd(); u++) {
                assertTrue(userSet.add(u));
            }
            Worker w = new Worker(0, model(users, p), 5);
            for (int f = 0; f < 100; f++) {
                Flow flow = w.nextFlow();
                assertTrue(flow.user >= p.userSliceStart(users) && flow.user < p.userSliceEnd(users));
                assertTrue(p.ownsList(IpLists.listOf(flow.ip)));
                w.finish(answered(flow), f);
            }
        }
        assertEquals(IpLists.LIST_COUNT, lists.size());
        assertEquals(users, userSet.size());
        assertEquals("2/3", Partition.parse("2/3").toString());
    }

    private static Flow answered(Flow f) {
        f.loginAnswered = true;
        return f;
    }

    private static void ban(ClientModel m, int ip) {
        for (int i = 0; i < 10; i++) {
            m.recordFailure(ip, 999);
        }
    }

    private static void lock(ClientModel m, int user) {
        for (int i = 0; i < 3; i++) {
            m.recordFailure(IpLists.index(500, 0), user);
        }
    }
}
