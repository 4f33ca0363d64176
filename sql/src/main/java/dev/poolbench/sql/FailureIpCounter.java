package dev.poolbench.sql;

/**
 * The ip of each failed login in the initial log: 127.200.1.1, 127.200.1.2, ... Every failure
 * gets its own address so that no ip collects failures and the initial data bans no ip.
 * Octets stay within 1..254 (no network or broadcast look-alikes) and carry into the next one.
 */
final class FailureIpCounter {
    private static final int FIRST_HOST = 1;
    private static final int LAST_HOST = 254;

    private int second = 200;
    private int third = 1;
    private int fourth = 1;

    String next() {
        String ip = "127." + second + "." + third + "." + fourth;
        advance();
        return ip;
    }

    private void advance() {
        if (++fourth <= LAST_HOST) {
            return;
        }
        fourth = FIRST_HOST;
        if (++third <= LAST_HOST) {
            return;
        }
        third = FIRST_HOST;
        if (++second > LAST_HOST) {
            throw new IllegalStateException("failure ip counter ran past 127.254.254.254");
        }
    }
}
