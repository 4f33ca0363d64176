package dev.poolbench.webapp;

class DbcpLoginIT extends AbstractLoginIT {

    @Override
    String profile() {
        return "dbcp";
    }
}
