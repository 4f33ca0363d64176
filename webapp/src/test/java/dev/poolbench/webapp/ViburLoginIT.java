package dev.poolbench.webapp;

class ViburLoginIT extends AbstractLoginIT {

    @Override
    public String profile() {
        return "vibur";
    }
}
