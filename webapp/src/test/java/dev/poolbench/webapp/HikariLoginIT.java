package dev.poolbench.webapp;

class HikariLoginIT extends AbstractLoginIT {

    @Override
    String profile() {
        return "hikari";
    }
}
