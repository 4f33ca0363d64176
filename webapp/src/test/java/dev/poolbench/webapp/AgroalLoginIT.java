package dev.poolbench.webapp;

class AgroalLoginIT extends AbstractLoginIT {

    @Override
    String profile() {
        return "agroal";
    }
}
