package dev.poolbench.bench.load.model;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.Test;

class IpListsTest {

    @Test
    void listFormula() {
        assertEquals("127.1.0.1", IpLists.text(IpLists.index(0, 0)));
        assertEquals("127.1.0.127", IpLists.text(IpLists.index(0, 126)));
        assertEquals("127.1.0.128", IpLists.text(IpLists.index(1, 0)));
        assertEquals("127.1.0.254", IpLists.text(IpLists.index(1, 126)));
        assertEquals("127.1.5.1", IpLists.text(IpLists.index(10, 0)));
        assertEquals("127.1.5.200", IpLists.text(IpLists.index(11, 72)));
        assertEquals("127.1.255.254", IpLists.text(IpLists.IP_COUNT - 1));
        assertEquals(200, IpLists.lastOctetOf(IpLists.index(11, 72)));
    }

    @Test
    void everyIpOnceAndReversible() {
        Set<String> seen = new HashSet<>();
        for (int i = 0; i < IpLists.IP_COUNT; i++) {
            String ip = IpLists.text(i);
            assertEquals(i, IpLists.indexOf(ip));
            seen.add(ip);
        }
        assertEquals(IpLists.IP_COUNT, seen.size());
        assertEquals(-1, IpLists.indexOf("127.0.0.1"));
    }
}
