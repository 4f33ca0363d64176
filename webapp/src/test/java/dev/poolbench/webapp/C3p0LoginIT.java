package dev.poolbench.webapp;

class C3p0LoginIT extends AbstractLoginIT {

    @Override
    public String profile() {
        return "c3p0";
    }
}
