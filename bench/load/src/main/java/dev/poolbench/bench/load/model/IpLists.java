package dev.poolbench.bench.load.model;

/**
 * The ISUCON4 ip lists: list k covers {@code 127.1.(k/2).1-127} for even k and
 * {@code 127.1.(k/2).128-254} for odd k. An ip is addressed by its global index
 * {@code k * 127 + j} (j in 0..126) so the model can keep plain arrays.
 */
public final class IpLists {
    public static final int LIST_SIZE = 127;
    /** Third octet 0..255, two lists per octet. */
    public static final int LIST_COUNT = 512;
    public static final int IP_COUNT = LIST_COUNT * LIST_SIZE;

    private static final String[] TEXT = new String[IP_COUNT];

    static {
        for (int k = 0; k < LIST_COUNT; k++) {
            for (int j = 0; j < LIST_SIZE; j++) {
                TEXT[k * LIST_SIZE + j] = "127.1." + (k / 2) + "." + lastOctet(k, j);
            }
        }
    }

    private IpLists() {
    }

    public static int lastOctet(int list, int j) {
        return (list % 2 == 0 ? 1 : 128) + j;
    }

    public static int index(int list, int j) {
        return list * LIST_SIZE + j;
    }

    public static int listOf(int ipIndex) {
        return ipIndex / LIST_SIZE;
    }

    public static int lastOctetOf(int ipIndex) {
        return lastOctet(ipIndex / LIST_SIZE, ipIndex % LIST_SIZE);
    }

    /** Dotted text of an ip index (precomputed: the hot path never formats). */
    public static String text(int ipIndex) {
        return TEXT[ipIndex];
    }

    /** Reverse of {@link #text}, or -1 when the address is not one of the lists. */
    public static int indexOf(String ip) {
        String[] p = ip.split("\\.");
        if (p.length != 4 || !p[0].equals("127") || !p[1].equals("1")) {
            return -1;
        }
        try {
            int third = Integer.parseInt(p[2]);
            int last = Integer.parseInt(p[3]);
            if (third < 0 || third > 255 || last < 1 || last > 254) {
                return -1;
            }
            int list = third * 2 + (last >= 128 ? 1 : 0);
            return index(list, last - (last >= 128 ? 128 : 1));
        } catch (NumberFormatException e) {
            return -1;
        }
    }
}
