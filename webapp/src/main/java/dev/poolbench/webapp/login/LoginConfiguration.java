package dev.poolbench.webapp.login;

import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.env.Environment;

@Configuration(proxyBeanMethods = false)
class LoginConfiguration {

    @Bean
    LoginThresholds loginThresholds(Environment environment) {
        return LoginThresholds.from(environment);
    }
}
