package dev.zkload.bench.stats;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.zkload.zk.connect.ServerAddress;
import org.junit.jupiter.api.Test;

class MembershipTest {
    private static final ServerAddress SERVER = new ServerAddress("10.0.0.5", 2181);

    /** What {@code conf} answers on a member of a 3.9 quorum whose lines name no client address. */
    private static final String CONF = """
            clientPort=2181
            secureClientPort=-1
            serverId=1
            peerType=0
            membership:\s
            server.1=10.0.0.5:2888:3888:participant
            server.2=10.0.0.6:2888:3888:participant
            server.3=10.0.0.7:2888:3888:participant
            server.4=10.0.0.8:2888:3888:observer
            version=0
            """;

    @Test
    void aLineWithoutAClientAddressServesOnThePublishingServersPort() {
        Membership m = Membership.fromConf(ServerConfig.fromConf(SERVER, CONF));

        assertThat(m.source()).isEqualTo("conf");
        assertThat(m.members())
                .containsExactly(
                        new Membership.Member(1, new ServerAddress("10.0.0.5", 2181), false),
                        new Membership.Member(2, new ServerAddress("10.0.0.6", 2181), false),
                        new Membership.Member(3, new ServerAddress("10.0.0.7", 2181), false),
                        new Membership.Member(4, new ServerAddress("10.0.0.8", 2181), true));
    }

    @Test
    void aClientAddressIsTheMembersOwnAWildcardHostStandingForTheMembersHost() {
        assertThat(Membership.member(2, "127.0.0.1:2889:3889:participant;127.0.0.1:2182", 2181))
                .isEqualTo(new Membership.Member(2, new ServerAddress("127.0.0.1", 2182), false));
        assertThat(Membership.member(3, "zk3.example:2888:3888:observer;0.0.0.0:2183", 2181))
                .isEqualTo(new Membership.Member(3, new ServerAddress("zk3.example", 2183), true));
        assertThat(Membership.member(4, "zk4:2888:3888;2184", 2181))
                .as("a port alone")
                .isEqualTo(new Membership.Member(4, new ServerAddress("zk4", 2184), false));
        assertThat(Membership.member(5, "[2001:db8::5]:2888:3888:participant;[::]:2185", 2181))
                .as("IPv6 literals")
                .isEqualTo(new Membership.Member(5, new ServerAddress("2001:db8::5", 2185), false));
        assertThat(Membership.member(6, "zk6-a:2888:3888|zk6-b:2889:3889;2186", 2181))
                .as("several quorum addresses: the first one's host")
                .isEqualTo(new Membership.Member(6, new ServerAddress("zk6-a", 2186), false));
        assertThat(Membership.member(7, "zk7:2888:3888", -1).client())
                .as("no client address anywhere")
                .isNull();
    }

    @Test
    void aStandaloneServerListsNoMembers() {
        assertThat(Membership.fromConf(ServerConfig.fromConf(SERVER, "clientPort=2181\nmaxClientCnxns=60\n"))
                        .members())
                .isEmpty();
    }

    @Test
    void theAdminServersVotingViewListsTheVoters() throws Exception {
        String view = """
                {"current_config": {
                   "1": {"server_addresses": ["10.0.0.5:2888"], "election_addresses": ["10.0.0.5:3888"],
                         "client_address": "0.0.0.0:2181", "learner_type": "participant"},
                   "2": {"server_addresses": ["10.0.0.6:2888"], "election_addresses": ["10.0.0.6:3888"],
                         "client_address": "", "learner_type": "participant"},
                   "3": "10.0.0.7:2888:3888:participant;10.0.0.7:2191"},
                 "command": "voting_view", "error": null}
                """;
        Membership m = Membership.fromVotingView(
                SERVER, "http://10.0.0.5:8080/commands", new ObjectMapper().readTree(view), 2181);

        assertThat(m.source()).isEqualTo("admin http://10.0.0.5:8080/commands");
        assertThat(m.members())
                .containsExactly(
                        new Membership.Member(1, new ServerAddress("10.0.0.5", 2181), false),
                        new Membership.Member(2, new ServerAddress("10.0.0.6", 2181), false),
                        new Membership.Member(3, new ServerAddress("10.0.0.7", 2191), false));
    }
}
