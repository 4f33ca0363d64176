package dev.poolbench.bench.compare.launch;

import java.net.URI;

/**
 * What one measured run drives: the app (its URLs, its JVM when the runner started it) and the
 * load JVM, started and waiting for its first line.
 *
 * @param app null when the app runs elsewhere (remote mode)
 */
public record RunTarget(URI appUrl, URI managementUrl, Process app, LoadProcess.Started load) {

    public URI metricsUrl() {
        return managementUrl.resolve("/actuator/prometheus");
    }

    public URI settingsUrl() {
        return managementUrl.resolve("/actuator/poolsettings");
    }
}
