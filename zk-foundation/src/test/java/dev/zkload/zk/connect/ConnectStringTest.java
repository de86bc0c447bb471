package dev.zkload.zk.connect;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class ConnectStringTest {

    @Test
    void parsesHostsPortsAndChroot() {
        ConnectString cs = ConnectString.parse("127.0.0.1:2181, localhost:2182,zk3/apps/zk");
        assertThat(cs.servers())
                .containsExactly(
                        new ServerAddress("127.0.0.1", 2181),
                        new ServerAddress("localhost", 2182),
                        new ServerAddress("zk3", 2181));
        assertThat(cs.chroot()).isEqualTo("/apps/zk");
        assertThat(cs).hasToString("127.0.0.1:2181,localhost:2182,zk3:2181/apps/zk");
    }

    @Test
    void parsesBracketedIpv6() {
        ConnectString cs = ConnectString.parse("[::1]:2999");
        assertThat(cs.servers()).containsExactly(new ServerAddress("::1", 2999));
        assertThat(cs).hasToString("[::1]:2999");
    }

    @Test
    void rejectsBadInputWithTheOffendingPart() {
        assertThatThrownBy(() -> ConnectString.parse("")).hasMessageContaining("empty");
        assertThatThrownBy(() -> ConnectString.parse("host:abc")).hasMessageContaining("invalid port 'abc'");
        assertThatThrownBy(() -> ConnectString.parse("host:70000")).hasMessageContaining("70000");
        assertThatThrownBy(() -> ConnectString.parse("a:1,,b:2")).hasMessageContaining("empty server entry");
        assertThatThrownBy(() -> ConnectString.parse("ho st:1")).hasMessageContaining("invalid host 'ho st'");
        assertThatThrownBy(() -> ConnectString.parse("::1:2181")).hasMessageContaining("brackets");
        assertThatThrownBy(() -> ConnectString.parse("h:1/a/")).hasMessageContaining("invalid chroot");
    }

    @Test
    void serverAddressDefaultsAdminPort() {
        assertThat(new ServerAddress("h", 1).adminPortOrDefault()).isEqualTo(8080);
        assertThat(new ServerAddress("h", 1, 9000).adminPortOrDefault()).isEqualTo(9000);
        assertThatThrownBy(() -> new ServerAddress("h", 0)).hasMessageContaining("clientPort");
    }
}
