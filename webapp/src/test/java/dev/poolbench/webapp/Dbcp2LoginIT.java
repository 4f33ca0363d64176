package dev.poolbench.webapp;

class Dbcp2LoginIT extends AbstractLoginIT {

    @Override
    String profile() {
        return "dbcp2";
    }
}
