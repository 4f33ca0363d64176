package dev.poolbench.webapp;

/**
 * A setting that makes the app refuse to start. The message names the setting and the value;
 * {@link InvalidSettingFailureAnalyzer} turns it into Boot's "APPLICATION FAILED TO START" report
 * instead of a stack trace.
 */
public class InvalidSettingException extends RuntimeException {

    private final String action;

    public InvalidSettingException(String message, String action) {
        super(message);
        this.action = action;
    }

    public String action() {
        return action;
    }
}
