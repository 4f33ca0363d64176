package dev.poolbench.webapp;

class TomcatLoginIT extends AbstractLoginIT {

    @Override
    String profile() {
        return "tomcat";
    }
}
