package dev.poolbench.webapp.web;

import org.springframework.context.annotation.Configuration;
import org.springframework.web.servlet.config.annotation.ResourceHandlerRegistry;
import org.springframework.web.servlet.config.annotation.WebMvcConfigurer;

/**
 * Static files: exactly the own assets under static/ (Boot's default mappings, including
 * /webjars/**, are switched off in application.properties), answered from memory
 * ({@link PreloadedResources}); Spring's resolver stays behind it for any other path (404).
 */
@Configuration(proxyBeanMethods = false)
class WebConfiguration implements WebMvcConfigurer {

    static final String STYLESHEETS = "classpath:/static/stylesheets/";
    static final String IMAGES = "classpath:/static/images/";

    @Override
    public void addResourceHandlers(ResourceHandlerRegistry registry) {
        registry.addResourceHandler("/stylesheets/**").addResourceLocations(STYLESHEETS)
                .resourceChain(false).addResolver(new PreloadedResources(STYLESHEETS));
        registry.addResourceHandler("/images/**").addResourceLocations(IMAGES)
                .resourceChain(false).addResolver(new PreloadedResources(IMAGES));
    }
}
