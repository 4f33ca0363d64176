package dev.poolbench.webapp;

class HikariLoginIT extends AbstractLoginIT {

    @Override
    public String profile() {
        return "hikari";
    }
}
