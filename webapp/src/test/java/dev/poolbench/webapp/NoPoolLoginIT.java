package dev.poolbench.webapp;

class NoPoolLoginIT extends AbstractLoginIT {

    @Override
    String profile() {
        return "nopool";
    }
}
