package dev.poolbench.webapp.web;

import org.springframework.context.annotation.Configuration;
import org.springframework.web.servlet.config.annotation.ResourceHandlerRegistry;
import org.springframework.web.servlet.config.annotation.WebMvcConfigurer;

/**
 * Static files: exactly the own assets under static/ (Boot's default mappings, including
 * /webjars/**, are switched off in application.properties).
 */
@Configuration(proxyBeanMethods = false)
class WebConfiguration implements WebMvcConfigurer {

    @Override
    public void addResourceHandlers(ResourceHandlerRegistry registry) {
        registry.addResourceHandler("/stylesheets/**").addResourceLocations("classpath:/static/stylesheets/");
        registry.addResourceHandler("/images/**").addResourceLocations("classpath:/static/images/");
    }
}
