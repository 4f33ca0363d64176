package dev.poolbench.webapp;

/** hikari with the session in Redis over one shared Lettuce connection. */
class HikariRedisSharedLoginIT extends AbstractRedisLoginIT {

    @Override
    public String profile() {
        return "hikari";
    }

    @Override
    String redisMode() {
        return "shared";
    }
}
