package dev.poolbench.webapp.web;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.springframework.core.io.ClassPathResource;
import org.springframework.core.io.Resource;
import org.springframework.mock.web.MockHttpServletRequest;

/** The preloaded static files are the class-path files: same bytes, name and last-modified time. */
class PreloadedResourcesTest {

    @Test
    void everyOwnFileIsPreloadedAsItIs() throws Exception {
        PreloadedResources stylesheets = new PreloadedResources(WebConfiguration.STYLESHEETS);
        PreloadedResources images = new PreloadedResources(WebConfiguration.IMAGES);
        assertThat(stylesheets.paths()).containsExactly("poolbench-bank.css");
        assertThat(images.paths()).containsExactly("poolbench-bank.svg");
        Resource css = stylesheets.resolveResource(new MockHttpServletRequest(), "poolbench-bank.css", List.of(),
                null);
        ClassPathResource original = new ClassPathResource("static/stylesheets/poolbench-bank.css");
        assertThat(css.getContentAsByteArray()).isEqualTo(original.getContentAsByteArray());
        assertThat(css.getFilename()).isEqualTo("poolbench-bank.css");
        assertThat(css.lastModified()).isEqualTo(original.lastModified());
        assertThat(css.contentLength()).isEqualTo(original.contentLength());
    }
}
