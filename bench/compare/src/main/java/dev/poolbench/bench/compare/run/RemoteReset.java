package dev.poolbench.bench.compare.run;

import dev.poolbench.sql.DatabaseReset;
import java.io.IOException;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import dev.poolbench.bench.compare.plan.CompareOptions;

/** The database reset of remote mode: {@code --reset-command} (its output in the run's reset.log) or over JDBC. */
final class RemoteReset {

    private RemoteReset() {
    }

    static void reset(CompareOptions options, Path runDir) {
        if (options.resetCommand != null) {
            try {
                Process p = new ProcessBuilder("bash", "-c", options.resetCommand).redirectErrorStream(true)
                        .redirectOutput(ProcessBuilder.Redirect.appendTo(runDir.resolve("reset.log").toFile()))
                        .start();
                if (!p.waitFor(10, TimeUnit.MINUTES) || p.exitValue() != 0) {
                    throw new IllegalStateException("--reset-command failed (see " + runDir.resolve("reset.log") + ")");
                }
            } catch (IOException e) {
                throw new IllegalStateException("--reset-command could not run: " + e.getMessage());
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("interrupted during reset");
            }
        } else {
            new DatabaseReset(options.resetJdbcUrl, options.dbUser == null ? "root" : options.dbUser,
                    options.dbPassword == null ? "" : options.dbPassword).reset();
        }
    }
}
