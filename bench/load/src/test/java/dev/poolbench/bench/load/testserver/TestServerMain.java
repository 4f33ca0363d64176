package dev.poolbench.bench.load.testserver;

import java.nio.file.Path;

/**
 * Runs the in-memory test app by hand: {@code TestServerMain DATA_DIR [USERS] [DEFECT]} writes the
 * data set, prints the base URL and serves until killed.
 */
public final class TestServerMain {
    private TestServerMain() {
    }

    public static void main(String[] args) throws Exception {
        TestData data = new TestData(args.length > 1 ? Integer.parseInt(args[1]) : 2_000);
        data.write(Path.of(args[0]));
        IsuconTestServer server = new IsuconTestServer(data.users, data.failures);
        if (args.length > 2) {
            server.setDefect(IsuconTestServer.Defect.valueOf(args[2]));
        }
        System.out.println(server.baseUrl());
        Thread.currentThread().join();
    }
}
