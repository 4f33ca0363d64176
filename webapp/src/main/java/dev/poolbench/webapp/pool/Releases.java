package dev.poolbench.webapp.pool;

import java.net.URL;
import java.security.CodeSource;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Which release of a library the running app loaded a class from, as {@code "HikariCP 7.1.0"}:
 * read from the jar the class came from, not from the build file, so that a jar whose pool was
 * swapped (the runner's {@code --pool-version}) or a classpath that differs from the POM is
 * reported as it runs. Every dependency is a Maven artifact named {@code ARTIFACT-VERSION.jar},
 * in Spring Boot's fat jar ({@code .../BOOT-INF/lib/HikariCP-7.1.0.jar!/}) as in Maven's local
 * repository (the tests); the manifest is the fallback, since not every pool's jar carries
 * Maven's pom.properties (those of Tomcat JDBC, C3P0 and UCP do not).
 */
final class Releases {

    /** {@code HikariCP-7.1.0.jar}, {@code ucp11-23.26.0.0.0.jar}: the artifact, then a version starting with a digit. */
    private static final Pattern JAR = Pattern.compile("([A-Za-z][\\w.\\-]*?)-(\\d[\\w.\\-]*)\\.jar");

    private Releases() {
    }

    /** The release a class was loaded from, {@code "ARTIFACT VERSION"}; never null. */
    static String of(Class<?> type) {
        // The app may subclass a pool (ViburPool's StartedWhenReachable): the library is the first
        // superclass that came from a jar.
        for (Class<?> c = type; c != null && c != Object.class; c = c.getSuperclass()) {
            String fromJar = fromLocation(location(c));
            if (fromJar != null) {
                return fromJar;
            }
        }
        Package pkg = type.getPackage();
        String title = pkg == null ? null : pkg.getImplementationTitle();
        String version = pkg == null ? null : pkg.getImplementationVersion();
        if (version != null) {
            return (title != null ? title : type.getName()) + " " + version;
        }
        return "unknown (" + type.getName() + " from " + location(type) + ")";
    }

    /**
     * {@code "HikariCP 7.1.0"} from the last jar named in a code source location, or null when it
     * names none (a class directory).
     */
    static String fromLocation(String location) {
        if (location == null) {
            return null;
        }
        String last = null;
        for (String part : location.split("[/!]")) {
            Matcher jar = JAR.matcher(part);
            if (jar.matches()) {
                last = jar.group(1) + " " + jar.group(2);
            }
        }
        return last;
    }

    private static String location(Class<?> type) {
        CodeSource source = type.getProtectionDomain().getCodeSource();
        URL url = source == null ? null : source.getLocation();
        return url == null ? null : url.toString();
    }
}
