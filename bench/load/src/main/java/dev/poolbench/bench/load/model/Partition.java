package dev.poolbench.bench.load.model;

/**
 * Bench host {@code index} of {@code count} ({@code --partition i/K}, 1-based). Host i owns the
 * ip lists k with {@code k % K == i - 1} and the i-th contiguous slice of the user list, so the
 * hosts of one run never share an ip or a user.
 */
public record Partition(int index, int count) {

    public Partition {
        if (count < 1 || index < 1 || index > count) {
            throw new IllegalArgumentException("partition must be i/K with 1 <= i <= K, got " + index + "/" + count);
        }
    }

    public static Partition parse(String text) {
        String[] p = text.split("/");
        if (p.length != 2) {
            throw new IllegalArgumentException("partition must be i/K, got '" + text + "'");
        }
        try {
            return new Partition(Integer.parseInt(p[0].trim()), Integer.parseInt(p[1].trim()));
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("partition must be i/K, got '" + text + "'");
        }
    }

    public boolean ownsList(int list) {
        return list % count == index - 1;
    }

    /** First ip list of this host. */
    public int firstList() {
        return index - 1;
    }

    /** Start (inclusive) of this host's slice of {@code userCount} users, as positions in the user list. */
    public int userSliceStart(int userCount) {
        return (int) ((long) userCount * (index - 1) / count);
    }

    /** End (exclusive) of this host's slice. */
    public int userSliceEnd(int userCount) {
        return (int) ((long) userCount * index / count);
    }

    @Override
    public String toString() {
        return index + "/" + count;
    }
}
