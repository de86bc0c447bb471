package dev.zkload.it.testing;

import static org.assertj.core.api.Assertions.assertThat;

import dev.zkload.zk.connect.ServerAddress;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * {@link TcpProxy}s in front of every server of an ensemble, in a forked JVM of their own: a runner
 * connected through them can be cut off from the ensemble by freezing this process (SIGSTOP), while the
 * servers and the runner run on, as a network partition does.
 */
public final class ProxyProcess implements AutoCloseable {
    private final Process process;
    private final String connectString;

    public ProxyProcess(List<ServerAddress> servers) throws IOException {
        List<String> cmd = new ArrayList<>(List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp",
                System.getProperty("java.class.path"),
                TcpProxy.class.getName()));
        servers.forEach(s -> cmd.add(Integer.toString(s.clientPort())));
        process = new ProcessBuilder(cmd)
                .redirectError(ProcessBuilder.Redirect.INHERIT)
                .start();
        BufferedReader out =
                new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8));
        List<String> proxies = new ArrayList<>();
        for (int i = 0; i < servers.size(); i++) {
            String line = out.readLine();
            assertThat(line).as("the proxy process's address %d", i + 1).isNotNull();
            proxies.add(line);
        }
        connectString = String.join(",", proxies);
    }

    public String connectString() {
        return connectString;
    }

    public long pid() {
        return process.pid();
    }

    /** Ends the proxies: their input closes, and the process is killed if it does not end on its own. */
    @Override
    public void close() throws IOException {
        process.getOutputStream().close();
        try {
            if (!process.waitFor(10, TimeUnit.SECONDS)) {
                process.destroyForcibly();
            }
        } catch (InterruptedException e) {
            process.destroyForcibly();
            Thread.currentThread().interrupt();
        }
    }
}
