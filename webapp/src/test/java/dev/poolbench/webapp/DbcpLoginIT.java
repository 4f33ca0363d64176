package dev.poolbench.webapp;

class DbcpLoginIT extends AbstractLoginIT {

    @Override
    public String profile() {
        return "dbcp";
    }
}
