package dev.poolbench.webapp.session;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.poolbench.bench.redis.server.RedisServerProcess;
import dev.poolbench.webapp.InvalidSettingException;
import dev.poolbench.webapp.PoolbenchApplication;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;

/**
 * Bad session-store settings stop the app before any bean exists; a Redis that is down at start
 * stops it with one line naming host:port, quickly, instead of failing every request later.
 */
@ExtendWith(OutputCaptureExtension.class)
class SessionStartupFailureTest {

    private static void run(String... args) {
        String[] all = java.util.Arrays.copyOf(args, args.length + 4);
        all[args.length] = "--server.port=0";
        all[args.length + 1] = "--POOLBENCH_MANAGEMENT_PORT=0";
        all[args.length + 2] = "--ISU4_DB_PORT=1";
        all[args.length + 3] = "--spring.profiles.active=hikari";
        new SpringApplicationBuilder(PoolbenchApplication.class).run(all);
    }

    private static void assertReport(CapturedOutput output, String description) {
        assertThat(output.getOut() + output.getErr())
                .contains("APPLICATION FAILED TO START", description)
                .doesNotContain("\tat ");
    }

    @Test
    void unknownStoreModeOrPoolSize(CapturedOutput output) {
        assertThatThrownBy(() -> run("--POOLBENCH_SESSION_STORE=disk")).isInstanceOf(InvalidSettingException.class)
                .hasMessage("POOLBENCH_SESSION_STORE must be 'memory' or 'redis', but is 'disk'.");
        assertThatThrownBy(() -> run("--POOLBENCH_SESSION_STORE=redis", "--POOLBENCH_REDIS_MODE=many"))
                .isInstanceOf(InvalidSettingException.class)
                .hasMessage("POOLBENCH_REDIS_MODE must be 'shared' or 'pooled', but is 'many'.");
        assertThatThrownBy(() -> run("--POOLBENCH_SESSION_STORE=redis", "--POOLBENCH_REDIS_MODE=pooled",
                "--POOLBENCH_REDIS_POOL_SIZE=0"))
                .isInstanceOf(InvalidSettingException.class)
                .hasMessage("POOLBENCH_REDIS_POOL_SIZE must be >= 1, but is 0.");
        assertThatThrownBy(() -> run("--POOLBENCH_SESSION_STORE=redis", "--POOLBENCH_REDIS_PORT=70000"))
                .hasMessage("POOLBENCH_REDIS_PORT must be a port (1-65535), but is 70000.");
        assertReport(output, "POOLBENCH_REDIS_POOL_SIZE must be >= 1, but is 0.");
        assertReport(output, "Set POOLBENCH_REDIS_MODE to shared (default");
    }

    @Test
    void aRedisThatIsDownAtStartIsOneLineNamingHostAndPort(CapturedOutput output) throws Exception {
        int port = RedisServerProcess.freePort(); // nothing listens there
        for (String mode : new String[] {"shared", "pooled"}) {
            long start = System.nanoTime();
            assertThatThrownBy(() -> run("--POOLBENCH_SESSION_STORE=redis", "--POOLBENCH_REDIS_MODE=" + mode,
                    "--POOLBENCH_REDIS_PORT=" + port))
                    .as(mode).isInstanceOf(InvalidSettingException.class)
                    .hasMessageStartingWith("Redis at 127.0.0.1:" + port + " is not reachable: ");
            assertThat((System.nanoTime() - start) / 1_000_000).as(mode).isLessThan(30_000);
        }
        assertReport(output, "Redis at 127.0.0.1:" + port + " is not reachable: ");
        assertThat(output.getOut() + output.getErr()).contains("or set POOLBENCH_SESSION_STORE=memory.");
    }
}
