package dev.poolbench.webapp.web;

import org.springframework.core.io.ClassPathResource;
import org.springframework.core.io.Resource;
import org.springframework.http.CacheControl;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.stereotype.Controller;
import org.springframework.web.bind.annotation.GetMapping;

/**
 * {@code /stylesheets/bootstrap.min.css} straight from the Bootstrap 3.2.0 WebJar, byte-identical to
 * the contest's file (MD5 385b964b68acb68d23cb43a5218fade9); no other WebJar file is served.
 */
@Controller
class BootstrapCssController {

    private static final Resource BOOTSTRAP_CSS =
            new ClassPathResource("META-INF/resources/webjars/bootstrap/3.2.0/css/bootstrap.min.css");

    @GetMapping("/stylesheets/bootstrap.min.css")
    ResponseEntity<Resource> bootstrapCss() {
        return ResponseEntity.ok()
                .contentType(new MediaType("text", "css"))
                .cacheControl(CacheControl.noCache())
                .body(BOOTSTRAP_CSS);
    }
}
