package dev.poolbench.webapp;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;

/**
 * Bad start-up settings stop the app before any bean (or database connection) exists, with Boot's
 * short "APPLICATION FAILED TO START" report naming the setting and value, not a stack trace.
 */
@ExtendWith(OutputCaptureExtension.class)
class StartupFailureTest {

    private static void run(String... args) {
        new SpringApplicationBuilder(PoolbenchApplication.class)
                .run(concat(args, "--server.port=0", "--POOLBENCH_MANAGEMENT_PORT=0", "--ISU4_DB_PORT=1"));
    }

    private static String[] concat(String[] a, String... b) {
        String[] all = java.util.Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, all, a.length, b.length);
        return all;
    }

    private static void assertReport(CapturedOutput output, String description) {
        assertThat(output.getOut() + output.getErr())
                .contains("APPLICATION FAILED TO START", description)
                .doesNotContain("\tat org.springframework");
    }

    @Test
    void noPoolProfile(CapturedOutput output) {
        assertThatThrownBy(() -> run()).isInstanceOf(InvalidSettingException.class)
                .hasMessageContaining("Exactly one pool profile must be active, found: none");
        assertReport(output, "Exactly one pool profile must be active, found: none");
        assertThat(output.getOut() + output.getErr())
                .contains(String.join(", ", dev.poolbench.webapp.pool.PoolProfiles.ALL));
    }

    @Test
    void twoPoolProfiles(CapturedOutput output) {
        assertThatThrownBy(() -> run("--spring.profiles.active=hikari,dbcp2"))
                .isInstanceOf(InvalidSettingException.class)
                .hasMessageContaining("found: hikari, dbcp2");
        assertReport(output, "found: hikari, dbcp2");
    }

    @Test
    void unknownDatabase(CapturedOutput output) {
        assertThatThrownBy(() -> run("--spring.profiles.active=hikari", "--POOLBENCH_DATABASE=oracle"))
                .isInstanceOf(InvalidSettingException.class)
                .hasMessage("POOLBENCH_DATABASE must be mysql, mariadb or postgres, but is 'oracle'.");
        assertReport(output, "POOLBENCH_DATABASE must be mysql, mariadb or postgres, but is 'oracle'.");
    }

    @Test
    void nonIntegerThreshold(CapturedOutput output) {
        assertThatThrownBy(() -> run("--spring.profiles.active=hikari", "--ISU4_USER_LOCK_THRESHOLD=3.5"))
                .isInstanceOf(InvalidSettingException.class)
                .hasMessage("ISU4_USER_LOCK_THRESHOLD must be an integer, but is '3.5'.");
        assertReport(output, "ISU4_USER_LOCK_THRESHOLD must be an integer, but is '3.5'.");
    }

    @Test
    void badPoolSettings(CapturedOutput output) {
        assertThatThrownBy(() -> run("--spring.profiles.active=tomcat", "--POOLBENCH_POOL_SIZE=0"))
                .hasMessage("POOLBENCH_POOL_SIZE must be >= 1, but is 0.");
        assertThatThrownBy(() -> run("--spring.profiles.active=tomcat", "--POOLBENCH_POOL_MODE=fast"))
                .hasMessageContaining("POOLBENCH_POOL_MODE must be 'equalized' or 'defaults', but is 'fast'");
        assertThatThrownBy(() -> run("--spring.profiles.active=tomcat", "--POOLBENCH_POOL_WAIT_MILLIS=abc"))
                .hasMessageContaining("POOLBENCH_POOL_WAIT_MILLIS must be an integer, but is 'abc'");
        assertReport(output, "POOLBENCH_POOL_WAIT_MILLIS");
    }

    @Test
    void badThreadMode(CapturedOutput output) {
        assertThatThrownBy(() -> run("--spring.profiles.active=hikari", "--POOLBENCH_THREADS=green"))
                .isInstanceOf(InvalidSettingException.class)
                .hasMessage("POOLBENCH_THREADS must be 'platform' or 'virtual', but is 'green'.");
        assertReport(output, "POOLBENCH_THREADS must be 'platform' or 'virtual'");
    }

    @Test
    void badPlant(CapturedOutput output) {
        assertThatThrownBy(() -> run("--spring.profiles.active=hikari", "--POOLBENCH_PLANT=cpu:200ms"))
                .isInstanceOf(InvalidSettingException.class)
                .hasMessage("POOLBENCH_PLANT must be none, cpu:<N>us or wait:<N>us with 1 <= N <= 1000000, "
                        + "but is 'cpu:200ms'.");
        assertThatThrownBy(() -> run("--spring.profiles.active=hikari", "--POOLBENCH_PLANT=wait:200us",
                "--POOLBENCH_POOL_METRICS=off"))
                .isInstanceOf(InvalidSettingException.class)
                .hasMessageStartingWith("POOLBENCH_PLANT=wait:200us plants its work inside the timing wrapper");
        assertReport(output, "POOLBENCH_PLANT must be none, cpu:<N>us or wait:<N>us");
    }

    @Test
    void virtualThreadsBeforeJava21(CapturedOutput output) {
        // Boot silently keeps platform threads below Java 21; the app refuses instead.
        org.junit.jupiter.api.Assumptions.assumeTrue(Runtime.version().feature() < 21,
                "this JVM has virtual threads (VirtualThreadsIT covers them)");
        assertThatThrownBy(() -> run("--spring.profiles.active=hikari", "--POOLBENCH_THREADS=virtual"))
                .isInstanceOf(InvalidSettingException.class)
                .hasMessageStartingWith("Virtual threads need Java 21 or newer, but this JVM is ");
        assertReport(output, "Virtual threads need Java 21 or newer");
    }

    @Test
    void badPoolSettingsStopEveryPoolBeforeItIsBuilt(CapturedOutput output) {
        for (String profile : dev.poolbench.webapp.pool.PoolProfiles.ALL) {
            assertThatThrownBy(() -> run("--spring.profiles.active=" + profile, "--POOLBENCH_POOL_WAIT_MILLIS=249"))
                    .as(profile).hasMessage("POOLBENCH_POOL_WAIT_MILLIS must be >= 250, but is 249.");
        }
        assertReport(output, "POOLBENCH_POOL_WAIT_MILLIS must be >= 250, but is 249.");
    }
}
