package dev.zkload.runner.cli.options;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.zkload.runner.engine.ramp.RampPlan;
import dev.zkload.runner.engine.ramp.Resolution;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;
import picocli.CommandLine.ParameterException;

class RampOptionsTest {
    @Test
    void theCommandLinesDefaultsAreThePlansOwn() {
        RampOptions options = new RampOptions();
        CommandLine line = new CommandLine(options).setCaseInsensitiveEnumValuesAllowed(true);
        line.parseArgs();
        Workload model = options.load.model.workload(line.getCommandSpec());
        // --resolution's default is the help's; the plan's is the builder's, given only when the option is
        assertThat(options.resolution).isEqualTo(Resolution.DEFAULT);
        assertThat(options.plan(line.getCommandSpec(), "/zkload/r", model))
                .as("the ramp a Java caller gets with no setting is the command line's with no option")
                .isEqualTo(RampPlan.builder("/zkload/r", model.models())
                        .yourDomains(model.yourDomains())
                        .build());
    }

    @Test
    void aPlanThatBreaksARuleIsSaidWithTheOptionsNames() {
        RampOptions options = new RampOptions();
        CommandLine line = new CommandLine(options).setCaseInsensitiveEnumValuesAllowed(true);
        line.parseArgs("--max-error-rate", "2", "--shard", "1/2");
        Workload model = options.load.model.workload(line.getCommandSpec());
        assertThatThrownBy(() -> options.plan(line.getCommandSpec(), "/zkload/r", model))
                .isInstanceOf(ParameterException.class)
                .hasMessage("--max-error-rate must be between 0 and 1, got 2.0");
        line.parseArgs("--shard", "1/2");
        assertThatThrownBy(() -> options.plan(line.getCommandSpec(), "/zkload/r", model))
                .hasMessage("--shard 1/2 needs --start-at and a positive --step-interval, the schedule every shard"
                        + " follows");
        assertThat(RampOptions.option("maxExpiredSessions")).isEqualTo("--max-expired-sessions");
    }
}
