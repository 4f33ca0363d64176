package dev.poolbench.bench.compare.stats;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/**
 * The paired verdict on simulated data (model in {@link Simulation}): no machine figure here.
 * By construction a paired t-test at 5 % calls a difference in 5 % of A/A comparisons; the
 * simulated rate carries simulation error, so each cell of 1000 may exceed 5 % by at most three
 * binomial standard errors (0.05 + 3 * sqrt(0.05 * 0.95 / 1000) = 6.9 %), and the rate pooled
 * over all cells by three of its smaller standard errors. A test on unpaired samples with a
 * normal instead of a t quantile, for one, fails these bounds (about 12 % with 3 rounds).
 */
class SimulationTest {

    private static final int SIMULATIONS = 1_000;
    private static final int[] ROUNDS = {3, 5, 10};
    private static final double[] CVS = {7, 15, 25};

    @Test
    void aaComparisonsCallADifferenceAtMostFivePercentOfTheTime() {
        long seed = 100;
        int calls = 0;
        int total = 0;
        for (double cv : CVS) {
            for (int rounds : ROUNDS) {
                // A shared per-round factor half the variance: the pairing must cancel it.
                Simulation.Tally t = new Simulation(cv, 0.5, seed++).tally(SIMULATIONS, rounds, 0, 5);
                assertEquals(SIMULATIONS, t.faster() + t.slower() + t.equivalent() + t.undecided());
                double bound = 0.05 + 3 * Math.sqrt(0.05 * 0.95 / SIMULATIONS);
                assertTrue(t.differentRate() <= bound, "cv " + cv + " rounds " + rounds + ": "
                        + t.differentRate());
                calls += t.faster() + t.slower();
                total += SIMULATIONS;
            }
        }
        double pooled = (double) calls / total;
        assertTrue(pooled <= 0.05 + 3 * Math.sqrt(0.05 * 0.95 / total), "pooled rate " + pooled);
        assertTrue(pooled >= 0.03, "pooled rate " + pooled + ": far below 5 %, the test lost its power");
    }

    @Test
    void aaWithManyRoundsAtLowNoiseComesOutEquivalent() {
        // CV 7 %, half of it shared: log-ratio sd 0.07, so 30 rounds put the 90 % interval
        // (half-width 0.022) inside ±log(1.05) = ±0.049 unless the mean strays by > 2 se.
        Simulation.Tally t = new Simulation(7, 0.5, 7).tally(SIMULATIONS, 30, 0, 5);
        assertTrue(t.rate(t.equivalent()) > 0.8, "equivalent " + t.rate(t.equivalent()));
        Simulation.Tally few = new Simulation(7, 0.5, 8).tally(SIMULATIONS, 3, 0, 5);
        assertTrue(few.rate(few.undecided()) > 0.8, "undecided with 3 rounds " + few.rate(few.undecided()));
    }

    @Test
    void powerGrowsWithRounds() {
        long seed = 1_000;
        for (double cv : CVS) {
            for (double difference : new double[] {5, 10}) {
                double[] power = new double[ROUNDS.length];
                for (int i = 0; i < ROUNDS.length; i++) {
                    Simulation.Tally t = new Simulation(cv, 0, seed++).tally(SIMULATIONS, ROUNDS[i], difference, 5);
                    power[i] = t.rate(t.faster());
                    assertTrue(t.rate(t.slower()) <= 0.025, "wrong-direction calls " + t.rate(t.slower()));
                }
                String where = "cv " + cv + ", " + difference + " %: " + java.util.Arrays.toString(power);
                assertTrue(power[1] >= power[0] - 0.02, where);
                assertTrue(power[2] > power[0], where);
            }
        }
        // A large difference at low noise is found nearly always with 10 rounds.
        Simulation.Tally t = new Simulation(7, 0, 9).tally(SIMULATIONS, 10, 10, 5);
        assertTrue(t.rate(t.faster()) > 0.6, "power " + t.rate(t.faster()));
    }

    /**
     * compare --until-decided looks at the verdict after every round: a sequential test, so an
     * A/A is called "faster/slower" more often than the 5 % of one look, and comparisons end
     * between their first and their last round. The simulation measures both (PowerTable).
     */
    @Test
    void untilDecidedStopsEarlierOrLaterAndCallsMoreFalseDifferencesThanOneLook() {
        Simulation.Tally fixed = new Simulation(7, 0, 11).tally(SIMULATIONS, 3, 0, 5);
        Simulation.Tally sequential = new Simulation(7, 0, 11).tally(SIMULATIONS, 3, 6, 0, 5);
        assertEquals(SIMULATIONS, sequential.faster() + sequential.slower() + sequential.equivalent()
                + sequential.undecided());
        assertEquals(3.0, fixed.meanRounds());
        assertTrue(sequential.meanRounds() > 3 && sequential.meanRounds() < 6, "mean " + sequential.meanRounds());
        assertTrue(sequential.undecided() < fixed.undecided(), sequential + " against " + fixed);
        assertTrue(sequential.differentRate() > fixed.differentRate(), sequential + " against " + fixed);
        Simulation.Tally power = new Simulation(7, 0, 12).tally(SIMULATIONS, 3, 6, 10, 5);
        Simulation.Tally onePower = new Simulation(7, 0, 12).tally(SIMULATIONS, 3, 10, 5);
        assertTrue(power.rate(power.faster()) > onePower.rate(onePower.faster()) + 0.1,
                "more rounds for the undecided find a true 10 % more often: " + power + " against " + onePower);
    }

    @Test
    void powerTablePrintsAMarkdownTable() {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int status = PowerTable.run(new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8), "--cv", "7,15", "--rounds", "3,5",
                "--simulations", "200");
        String text = out.toString(StandardCharsets.UTF_8);
        assertEquals(0, status, err.toString(StandardCharsets.UTF_8));
        assertTrue(text.contains("| CV per run | rounds |"), text);
        assertEquals(4, text.lines().filter(l -> l.matches("\\| \\d+ % \\| \\d+ \\|.*")).count(), text);
        assertEquals(2, PowerTable.run(new PrintStream(out), new PrintStream(err), "--cv", "abc"));
        assertEquals(2, PowerTable.run(new PrintStream(out), new PrintStream(err), "--rounds", "1"));
        assertEquals(2, PowerTable.run(new PrintStream(out), new PrintStream(err), "--rounds", "2.5"));
        ByteArrayOutputStream bad = new ByteArrayOutputStream();
        assertEquals(2, PowerTable.run(new PrintStream(out), new PrintStream(bad, true, StandardCharsets.UTF_8),
                "--cv", "7,abc"));
        assertEquals("PowerTable: --cv must be numbers such as 7,15,25, got 'abc'",
                bad.toString(StandardCharsets.UTF_8).lines().findFirst().orElseThrow());
        ByteArrayOutputStream help = new ByteArrayOutputStream();
        assertEquals(0, PowerTable.run(new PrintStream(help, true, StandardCharsets.UTF_8), new PrintStream(err), "--help"));
        assertTrue(help.toString(StandardCharsets.UTF_8).contains("(default: 7,15,25)"), help.toString(StandardCharsets.UTF_8));
    }
}
