package dev.poolbench.webapp;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;

/**
 * The ISUCON4 qualifier login app ("ISUCON bank"). The JDBC pool is chosen by exactly one
 * Spring profile, one of the pool catalogue's ({@code pools.json}: {@code hikari}, ...).
 */
@SpringBootApplication
public class PoolbenchApplication {

    public static void main(String[] args) {
        SpringApplication.run(PoolbenchApplication.class, args);
    }
}
