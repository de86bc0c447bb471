package dev.zkload.runner.cli.options;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class TargetOptionsTest {
    @Test
    void splitsServerJvmOptsOnWhitespace() {
        ServerOptions options = new ServerOptions();
        assertThat(options.serverJvmFlags()).isEmpty();
        options.serverJvmOpts = "  -XX:+UseG1GC   -Djute.maxbuffer=104857600 ";
        assertThat(options.serverJvmFlags()).containsExactly("-XX:+UseG1GC", "-Djute.maxbuffer=104857600");
    }
}
