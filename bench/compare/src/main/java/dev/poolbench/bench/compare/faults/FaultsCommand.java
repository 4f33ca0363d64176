package dev.poolbench.bench.compare.faults;

import dev.poolbench.bench.compare.faultplan.FaultOptions;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;

/**
 * {@code poolbench faults}: the options (validated before anything starts, {@link FaultOptions}),
 * then the runs ({@link Faults}); its exit status.
 */
@Command(name = "faults")
public final class FaultsCommand extends FaultOptions implements Callable<Integer> {

    @Override
    public Integer call() throws Exception {
        validateParsed();
        return new Faults(this).run();
    }
}
