package dev.poolbench.webapp;

class TomcatLoginIT extends AbstractLoginIT {

    @Override
    public String profile() {
        return "tomcat";
    }
}
