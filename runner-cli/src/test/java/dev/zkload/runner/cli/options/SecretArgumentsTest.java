package dev.zkload.runner.cli.options;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class SecretArgumentsTest {
    @Test
    void aLiteralPasswordIsRedactedAndTheRestOfTheCommandLineStays() {
        assertThat(SecretArguments.redact(List.of(
                        "--connect",
                        "zk1:2181",
                        "--auth",
                        "digest:alice:pa:ss",
                        "--auth=digest:bob:s3cret",
                        "--auth",
                        "env:ZK_AUTH",
                        "--auth",
                        "file:/etc/zk/auth",
                        "--tls-keystore-password",
                        "file:/etc/zk/ks.pass",
                        "--auth",
                        "garbled")))
                .containsExactly(
                        "--connect",
                        "zk1:2181",
                        "--auth",
                        "digest:alice:<redacted>",
                        "--auth=digest:bob:<redacted>",
                        "--auth",
                        "env:ZK_AUTH",
                        "--auth",
                        "file:/etc/zk/auth",
                        "--tls-keystore-password",
                        "file:/etc/zk/ks.pass",
                        "--auth",
                        "<redacted>");
    }
}
