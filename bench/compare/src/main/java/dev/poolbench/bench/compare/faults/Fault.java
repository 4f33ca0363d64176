package dev.poolbench.bench.compare.faults;

import dev.poolbench.bench.compare.LocalDatabase;
import dev.poolbench.bench.compare.proxy.Proxy;

/** Takes the database away for a while; returns once it is back. */
interface Fault {

    void apply(long millis) throws Exception;

    static Fault of(Scenario scenario, Proxy proxy, LocalDatabase database) {
        return switch (scenario) {
            case UNREACHABLE -> millis -> {
                proxy.disable();
                try {
                    Thread.sleep(millis);
                } finally {
                    proxy.enable();
                }
            };
            case HANG -> millis -> {
                proxy.blackhole();
                try {
                    Thread.sleep(millis);
                } finally {
                    proxy.clearBlackhole();
                }
            };
            // Back = the restarted server answered its first query (EmbeddedMariaDb.start waits).
            case RESTART -> database::restart;
        };
    }
}
