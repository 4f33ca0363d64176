package dev.poolbench.bench.load.report;

import java.util.Collection;
import java.util.TreeSet;

/**
 * What /report must list at the end of a run: the banned ips and locked users of the client
 * model, and the incomplete ones whose membership is not checked. Mergeable across bench hosts.
 */
public final class Expectations {
    public final TreeSet<String> bannedIps = new TreeSet<>();
    public final TreeSet<String> lockedUsers = new TreeSet<>();
    public final TreeSet<String> incompleteIps = new TreeSet<>();
    public final TreeSet<String> incompleteUsers = new TreeSet<>();

    public Expectations() {
    }

    public Expectations(Collection<String> bannedIps, Collection<String> lockedUsers,
                        Collection<String> incompleteIps, Collection<String> incompleteUsers) {
        this.bannedIps.addAll(bannedIps);
        this.lockedUsers.addAll(lockedUsers);
        this.incompleteIps.addAll(incompleteIps);
        this.incompleteUsers.addAll(incompleteUsers);
    }

    public void addAll(Expectations other) {
        bannedIps.addAll(other.bannedIps);
        lockedUsers.addAll(other.lockedUsers);
        incompleteIps.addAll(other.incompleteIps);
        incompleteUsers.addAll(other.incompleteUsers);
    }
}
