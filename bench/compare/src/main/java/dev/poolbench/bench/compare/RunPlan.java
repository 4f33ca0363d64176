package dev.poolbench.bench.compare;

import java.util.ArrayList;
import java.util.List;

/**
 * The order of the measured runs. Interleaved (default): round 1 runs every profile once, then
 * round 2, ..., so slow drift on a noisy machine spreads over all pools. Sequential: all rounds
 * of one profile in a row, the classic "three in a row" method.
 */
final class RunPlan {

    /** One measured run; {@code sequence} counts from 1 in execution order. */
    record Planned(int sequence, int round, String profile, Integer poolSize, boolean sweep) {

        /** Directory name under runs/: {@code <round>-<profile>[-size]}. */
        String dirName() {
            return round + "-" + profile + (sweep && poolSize != null ? "-" + poolSize : "");
        }
    }

    private RunPlan() {
    }

    static List<Planned> of(List<String> profiles, List<Integer> sizes, int runs, String order) {
        boolean sweep = sizes.size() > 1;
        List<Planned> plan = new ArrayList<>();
        if ("sequential".equals(order)) {
            for (Integer size : sizes) {
                for (String profile : profiles) {
                    for (int round = 1; round <= runs; round++) {
                        plan.add(new Planned(plan.size() + 1, round, profile, size, sweep));
                    }
                }
            }
        } else {
            for (int round = 1; round <= runs; round++) {
                for (Integer size : sizes) {
                    for (String profile : profiles) {
                        plan.add(new Planned(plan.size() + 1, round, profile, size, sweep));
                    }
                }
            }
        }
        return List.copyOf(plan);
    }
}
