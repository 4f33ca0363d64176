package dev.poolbench.bench.compare.faults;

import dev.poolbench.bench.compare.db.LocalDatabase;
import dev.poolbench.bench.compare.proxy.Proxy;

/** Takes the database away for a while; returns once it is back. */
interface Fault {

    /** @return a detail worth reporting (the restart's stop and start times), or null */
    String apply(long millis) throws Exception;

    static Fault of(Scenario scenario, Proxy proxy, LocalDatabase database) {
        return switch (scenario) {
            case UNREACHABLE -> millis -> {
                proxy.disable();
                try {
                    Thread.sleep(millis);
                } finally {
                    proxy.enable();
                }
                return null;
            };
            case HANG -> millis -> {
                proxy.blackhole();
                try {
                    Thread.sleep(millis);
                } finally {
                    proxy.clearBlackhole();
                }
                return null;
            };
            // Back = the restarted server answered its first query (EmbeddedMariaDb.start waits).
            case RESTART -> database::restart;
        };
    }
}
