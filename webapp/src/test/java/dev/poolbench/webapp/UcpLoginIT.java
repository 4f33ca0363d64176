package dev.poolbench.webapp;

class UcpLoginIT extends AbstractLoginIT {

    @Override
    String profile() {
        return "ucp";
    }
}
