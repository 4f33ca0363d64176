package dev.poolbench.bench.load.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

class ClientModelTest {

    static UserData users(int n, int... initialFailures) {
        String[] logins = new String[n];
        String[] passwords = new String[n];
        int[] failures = new int[n];
        for (int i = 0; i < n; i++) {
            logins[i] = "user" + i;
            passwords[i] = "pw" + i;
            if (i < initialFailures.length) {
                failures[i] = initialFailures[i];
            }
        }
        return new UserData(logins, passwords, failures);
    }

    private final ClientModel model = new ClientModel(users(10, 0, 3, 2), new Partition(1, 1), 10, 3);
    private final int ip = IpLists.index(0, 2); // 127.1.0.3: last octet divisible by 3

    @Test
    void initialDataLocksUsersAtThreeFailures() {
        assertFalse(model.isLocked(0));
        assertTrue(model.isLocked(1));
        assertFalse(model.isLocked(2));
        assertEquals(List.of("user1"), model.lockedUsers());
    }

    @Test
    void ipIsBannedAtTenFailuresUserLockedAtThree() {
        for (int i = 0; i < 9; i++) {
            model.recordFailure(ip, 3 + i % 5);
        }
        assertFalse(model.isBanned(ip));
        model.recordFailure(ip, 8);
        assertTrue(model.isBanned(ip));
        assertEquals(List.of("127.1.0.3"), model.bannedIps());

        model.recordFailure(IpLists.index(1, 0), 2);
        assertTrue(model.isLocked(2), "2 initial failures + 1 = locked");
    }

    @Test
    void successResetsBothCountsAndRemembersTheLogin() {
        model.recordFailure(ip, 0);
        model.recordFailure(ip, 0);
        model.recordSuccess(ip, 0, 1_000L);
        assertEquals(0, model.ipFailures(ip));
        assertEquals(0, model.userFailures(0));
        assertEquals(new ClientModel.LastLogin("127.1.0.3", 1_000L), model.lastLogin(0));
    }

    @Test
    void successDoesNotResetWhatIsAlreadyBlocked() {
        for (int i = 0; i < 10; i++) {
            model.recordFailure(ip, 4);
        }
        model.recordSuccess(ip, 1, 5L);
        assertTrue(model.isBanned(ip));
        assertTrue(model.isLocked(1));
        assertEquals(10, model.ipFailures(ip));
    }

    @Test
    void flowChoice() {
        assertEquals(FlowType.SUCCESS, model.chooseFlow(ip, 0, 0));
        assertEquals(FlowType.SUCCESS, model.chooseFlow(ip, 0, 5));
        assertEquals(FlowType.FAIL, model.chooseFlow(ip, 0, 6));
        int ipNot3 = IpLists.index(0, 0); // 127.1.0.1
        assertEquals(FlowType.FAIL, model.chooseFlow(ipNot3, 0, 0));
        assertEquals(FlowType.BLOCKED, model.chooseFlow(ip, 1, 0), "locked user");
        assertEquals(ClientModel.NOTICE_LOCKED, model.blockedNotice(ip));
        for (int i = 0; i < 10; i++) {
            model.recordFailure(ip, 4);
        }
        assertEquals(FlowType.BLOCKED, model.chooseFlow(ip, 0, 0), "banned ip");
        assertEquals(ClientModel.NOTICE_BANNED, model.blockedNotice(ip), "the ban wins over the lock");
    }

    @Test
    void incompleteFlags() {
        model.beginFlow(ip, 0);
        model.beginFlow(IpLists.index(3, 4), 5);
        model.endFlow(IpLists.index(3, 4), 5);
        model.markIncomplete(IpLists.index(7, 0), 6);
        assertEquals(1, model.markInFlightIncomplete());
        assertEquals(List.of("127.1.0.3", "127.1.3.128"), model.incompleteIps());
        assertEquals(List.of("user0", "user6"), model.incompleteUsers());
    }

    @Test
    void aUserIsHeldByOneWorkerAtATime() {
        assertTrue(model.tryAcquireUser(4));
        assertFalse(model.tryAcquireUser(4));
        model.releaseUser(4);
        assertTrue(model.tryAcquireUser(4));
    }
}
