package dev.zkload.runner.result;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Arrays;
import org.junit.jupiter.api.Test;

class RunKindTest {
    @Test
    void eachKindIsFoundByTheCommandItWrites() {
        for (RunKind kind : RunKind.values()) {
            assertThat(RunKind.of(kind.command())).isSameAs(kind);
            assertThat(kind).hasToString(kind.command());
        }
        assertThat(Arrays.stream(RunKind.values()).map(RunKind::command))
                .doesNotHaveDuplicates()
                .contains("data-size", "max-rate");
    }

    @Test
    void onlyTheExperimentsAreSweeps() {
        assertThat(Arrays.stream(RunKind.values()).filter(RunKind::isSweep))
                .containsExactly(
                        RunKind.CONNECTIONS,
                        RunKind.ZNODES,
                        RunKind.DATA_SIZE,
                        RunKind.WATCHES,
                        RunKind.MAX_RATE,
                        RunKind.DISRUPT);
    }

    @Test
    void anUnknownOrMissingCommandIsRefusedByNameNeverTakenForARamp() {
        assertThatThrownBy(() -> RunKind.of("Ramp"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("'Ramp' is not a command whose results this zkload reads (it reads ramp, ");
        assertThatThrownBy(() -> RunKind.of(null))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("no command is named");
    }
}
