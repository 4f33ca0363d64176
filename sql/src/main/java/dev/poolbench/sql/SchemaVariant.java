package dev.poolbench.sql;

import java.util.Locale;

/** Which indexes login_log carries: the contest's original schema or the tuned one (indexes.sql). */
public enum SchemaVariant {
    /** As the contest shipped it: no secondary index on login_log, the database is the bottleneck. */
    ORIGINAL,
    /** With the indexes of indexes.sql, so the application and its pool become the bottleneck. */
    TUNED;

    /** Parses {@code tuned} / {@code original} (any case), naming the setting on a bad value. */
    public static SchemaVariant parse(String setting, String value) {
        if (value != null) {
            for (SchemaVariant variant : values()) {
                if (variant.name().equalsIgnoreCase(value.trim())) {
                    return variant;
                }
            }
        }
        throw new IllegalArgumentException(setting + " must be 'tuned' or 'original', was '" + value + "'");
    }

    /** The lower-case name used on command lines and in result records. */
    public String cliName() {
        return name().toLowerCase(Locale.ROOT);
    }
}
