package dev.poolbench.bench.compare.util;

import java.nio.file.Path;

/** Where the runner finds the built jars and keeps its state, relative to the repository root it runs from. */
public final class Workspace {

    public static final Path WEBAPP_JAR = Path.of("webapp", "target", "poolbench-webapp.jar");
    public static final Path LOAD_JAR = Path.of("bench", "load", "target", "poolbench-load.jar");
    /** Data, the embedded database's files, class-data archives, jar snapshots: kept between comparisons. */
    public static final Path STATE = Path.of(".poolbench");

    private Workspace() {
    }
}
