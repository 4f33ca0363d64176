package dev.poolbench.webapp;

/**
 * tomcat (a FIFO pool: fair queue, docs/pools.md; DBCP2 hands out LIFO) with the session in Redis
 * through a commons-pool2 pool of Lettuce connections.
 */
class TomcatRedisPooledLoginIT extends AbstractRedisLoginIT {

    @Override
    public String profile() {
        return "tomcat";
    }

    @Override
    String redisMode() {
        return "pooled";
    }
}
