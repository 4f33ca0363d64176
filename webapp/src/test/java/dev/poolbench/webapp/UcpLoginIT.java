package dev.poolbench.webapp;

class UcpLoginIT extends AbstractLoginIT {

    @Override
    public String profile() {
        return "ucp";
    }
}
