package dev.poolbench.webapp;

class Dbcp2LoginIT extends AbstractLoginIT {

    @Override
    public String profile() {
        return "dbcp2";
    }
}
