package dev.zkload.it.testing;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
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

    /**
     * Sends {@code kill -<signal>} to every process still alive, asserting nothing: for a {@code finally}, where
     * an assertion would hide the failure that brought the test there and leave the other processes unsignalled.
     */
    public static void sendToAll(String signal, List<ProcessHandle> processes) throws InterruptedException {
        List<String> cmd = new ArrayList<>(List.of("kill", "-" + signal));
        processes.stream().filter(ProcessHandle::isAlive).forEach(p -> cmd.add(Long.toString(p.pid())));
        if (cmd.size() == 2) {
            return;
        }
        try {
            new ProcessBuilder(cmd).inheritIO().start().waitFor(10, TimeUnit.SECONDS);
        } catch (IOException e) {
            System.err.println("could not send SIG" + signal + " to " + cmd.subList(2, cmd.size()) + ": " + e);
        }
    }
}
