package dev.zkload.it.testing;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.util.concurrent.TimeUnit;

/** Signals sent to a process by PID, as an operator's {@code kill} sends them. */
public final class Signals {
    private Signals() {}

    /**
     * Sends {@code kill -<signal> <pid>} and asserts that it was delivered.
     *
     * @param signal the signal's name without its dash: {@code STOP}, {@code CONT}, {@code ALRM}
     */
    public static void send(String signal, long pid) throws IOException, InterruptedException {
        Process kill = new ProcessBuilder("kill", "-" + signal, Long.toString(pid))
                .inheritIO()
                .start();
        assertThat(kill.waitFor(10, TimeUnit.SECONDS) && kill.exitValue() == 0)
                .as("kill -%s %d", signal, pid)
                .isTrue();
    }
}
