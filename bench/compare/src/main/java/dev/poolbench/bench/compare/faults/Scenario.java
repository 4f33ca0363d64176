package dev.poolbench.bench.compare.faults;

import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/** The three ways the database goes away in the middle of a run. */
public enum Scenario {
    /** Toxiproxy proxy disabled: open connections are closed, new ones refused. */
    UNREACHABLE("unreachable", "database unreachable (connections refused: proxy disabled)"),
    /**
     * Toxiproxy {@code timeout} toxic with timeout 0: nothing gets through and nothing is reset;
     * at the end the held connections are closed (their data dropped).
     */
    HANG("hang", "database hanging (packets black-holed, no reset)"),
    /** The MariaDB process stopped (clean shutdown) and started again: every connection dies. */
    RESTART("restart", "database restarted (process stopped, then started again)");

    private final String cliName;
    private final String description;

    Scenario(String cliName, String description) {
        this.cliName = cliName;
        this.description = description;
    }

    public String cliName() {
        return cliName;
    }

    public String description() {
        return description;
    }

    /** Whether the app reaches the database through the Toxiproxy proxy in this scenario. */
    public boolean throughProxy() {
        return this != RESTART;
    }

    public static Scenario parse(String value) {
        String v = value.trim().toLowerCase(Locale.ROOT);
        for (Scenario s : values()) {
            if (s.cliName.equals(v)) {
                return s;
            }
        }
        return null;
    }

    public static List<String> names() {
        return Arrays.stream(values()).map(Scenario::cliName).toList();
    }
}
