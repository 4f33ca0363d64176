package dev.poolbench.webapp.login;

import dev.poolbench.webapp.Settings;
import org.springframework.core.env.Environment;

/** How many failures since the last success lock a user / ban an ip (ISUCON4 names and defaults). */
public record LoginThresholds(int userLock, int ipBan) {

    public static LoginThresholds from(Environment environment) {
        return new LoginThresholds(
                Settings.intSetting(environment, "ISU4_USER_LOCK_THRESHOLD", 3, 1),
                Settings.intSetting(environment, "ISU4_IP_BAN_THRESHOLD", 10, 1));
    }
}
