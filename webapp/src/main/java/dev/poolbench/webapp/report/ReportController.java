package dev.poolbench.webapp.report;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import dev.poolbench.webapp.login.LoginThresholds;
import org.springframework.http.MediaType;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RestController;

/** {@code GET /report}: banned ips and locked users' login names, computed from the database now. */
@RestController
class ReportController {

    private final ReportRepository reports;
    private final LoginThresholds thresholds;

    ReportController(ReportRepository reports, LoginThresholds thresholds) {
        this.reports = reports;
        this.thresholds = thresholds;
    }

    @GetMapping(path = "/report", produces = MediaType.APPLICATION_JSON_VALUE)
    Map<String, List<String>> report() {
        ReportRepository.Report report = reports.read(thresholds.ipBan(), thresholds.userLock());
        Map<String, List<String>> body = new LinkedHashMap<>();
        body.put("banned_ips", report.bannedIps());
        body.put("locked_users", report.lockedUsers());
        return body;
    }
}
