package dev.poolbench.webapp.pool;

import static org.assertj.core.api.Assertions.assertThat;

import com.zaxxer.hikari.HikariDataSource;
import java.io.IOException;
import java.io.InputStream;
import java.util.Properties;
import org.junit.jupiter.api.Test;

/** The release a pool runs is read from the jar its class came from, in the fat jar and in Maven's repository. */
class ReleasesTest {

    @Test
    void readsTheArtifactAndVersionOfTheLastJarInALocation() {
        assertThat(Releases.fromLocation("jar:nested:/srv/poolbench-webapp.jar/!BOOT-INF/lib/HikariCP-7.1.0.jar!/"))
                .isEqualTo("HikariCP 7.1.0");
        assertThat(Releases.fromLocation("file:/root/.m2/repository/com/oracle/database/jdbc/ucp11/23.26.0.0.0/"
                + "ucp11-23.26.0.0.0.jar")).isEqualTo("ucp11 23.26.0.0.0");
        assertThat(Releases.fromLocation("jar:nested:/a/poolbench-webapp.jar/!BOOT-INF/lib/mysql-connector-j-9.7.0.jar!/"))
                .isEqualTo("mysql-connector-j 9.7.0");
    }

    @Test
    void aClassDirectoryOrTheAppsOwnJarNamesNoRelease() {
        assertThat(Releases.fromLocation("file:/work/webapp/target/classes/")).isNull();
        assertThat(Releases.fromLocation("file:/work/webapp/target/poolbench-webapp.jar")).isNull();
        assertThat(Releases.fromLocation(null)).isNull();
    }

    @Test
    void anAppSubclassOfAPoolNamesThePoolsRelease() {
        // The class of an anonymous subclass comes from the test classes; the pool's from its jar.
        HikariDataSource subclass = new HikariDataSource() { };
        assertThat(Releases.fromLocation(subclass.getClass().getProtectionDomain().getCodeSource().getLocation()
                .toString())).isNull();
        assertThat(Releases.of(subclass.getClass())).isEqualTo(Releases.of(HikariDataSource.class));
        subclass.close();
    }

    @Test
    void aLoadedPoolClassNamesTheReleaseOnTheClasspath() throws IOException {
        // The tests run on Maven's classpath: the jar of HikariCP that the build resolved, whose
        // own pom.properties (another source than the file name) says the same version.
        Properties pom = new Properties();
        try (InputStream in = HikariDataSource.class.getResourceAsStream("/META-INF/maven/com.zaxxer/HikariCP/pom.properties")) {
            pom.load(in);
        }
        assertThat(Releases.of(HikariDataSource.class)).isEqualTo("HikariCP " + pom.getProperty("version"));
    }
}
