package dev.zkload.runner.engine.run;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class InterruptFlagTest {
    @AfterEach
    void clearTheFlag() {
        Thread.interrupted();
    }

    @Test
    void workAfterCtrlCRunsWithTheFlagClearedAndTheFlagIsSetAgainAfter() {
        Thread.currentThread().interrupt();
        boolean seen = InterruptFlag.aside(() -> Thread.currentThread().isInterrupted());
        assertThat(seen).as("the flag during the work").isFalse();
        assertThat(Thread.currentThread().isInterrupted())
                .as("set again for the run's driver")
                .isTrue();
    }

    @Test
    void aFlagThatWasNotSetIsNotSetByIt() {
        InterruptFlag.aside(() -> {});
        assertThat(Thread.currentThread().isInterrupted()).isFalse();
    }

    @Test
    void theFlagIsSetAgainWhenTheWorkFails() {
        Thread.currentThread().interrupt();
        assertThatThrownBy(() -> InterruptFlag.aside(() -> {
                    throw new IOException("disk full");
                }))
                .isInstanceOf(IOException.class)
                .hasMessage("disk full");
        assertThat(Thread.currentThread().isInterrupted()).isTrue();
    }
}
