package dev.poolbench.webapp;

class ViburLoginIT extends AbstractLoginIT {

    @Override
    String profile() {
        return "vibur";
    }
}
