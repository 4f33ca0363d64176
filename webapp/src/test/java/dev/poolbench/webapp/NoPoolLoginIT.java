package dev.poolbench.webapp;

class NoPoolLoginIT extends AbstractLoginIT {

    @Override
    public String profile() {
        return "nopool";
    }
}
