package dev.zkload.runner.result;

/**
 * How long each phase of a step took, seconds: registering the step's domains (the burst), waiting
 * for the load to settle, and measuring it (the benchmark, and watching until the settled load has
 * been observed for the sustain time).
 */
public record StepPhases(double addSec, double settleSec, double measureSec) {
    static final StepPhases NONE = new StepPhases(0, 0, 0);

    /**
     * Whether the step ended in its registration (a server's limit stopped it there): no load settled,
     * so the step has no settled figures and nothing in it was judged.
     *
     * @return no settle and no measurement
     */
    public boolean registrationOnly() {
        return settleSec == 0 && measureSec == 0;
    }
}
