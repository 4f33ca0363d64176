package dev.poolbench.webapp;

import org.springframework.boot.diagnostics.AbstractFailureAnalyzer;
import org.springframework.boot.diagnostics.FailureAnalysis;

/** Prints a bad setting as a short report (registered in META-INF/spring.factories). */
class InvalidSettingFailureAnalyzer extends AbstractFailureAnalyzer<InvalidSettingException> {

    @Override
    protected FailureAnalysis analyze(Throwable rootFailure, InvalidSettingException cause) {
        return new FailureAnalysis(cause.getMessage(), cause.action(), cause);
    }
}
