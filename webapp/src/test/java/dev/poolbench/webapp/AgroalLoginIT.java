package dev.poolbench.webapp;

class AgroalLoginIT extends AbstractLoginIT {

    @Override
    public String profile() {
        return "agroal";
    }
}
