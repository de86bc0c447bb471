package dev.zkload.sim;

import static org.assertj.core.api.Assertions.assertThat;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.read.ListAppender;
import java.util.List;
import java.util.concurrent.CompletionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.zookeeper.KeeperException;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.slf4j.LoggerFactory;

class FailuresTest {
    private final ListAppender<ILoggingEvent> log = new ListAppender<>();
    private final Logger logger = (Logger) LoggerFactory.getLogger("dev.zkload.sim");

    @BeforeEach
    void capture() {
        log.start();
        logger.addAppender(log);
    }

    @AfterEach
    void release() {
        logger.detachAppender(log);
    }

    @Test
    void everyFailureIsCountedByKindAndTheFirstFewOfEachKindLoggedWithTheirCause() {
        Failures failures = new Failures();
        for (int i = 0; i < 8; i++) {
            failures.record(
                    FailureKind.CACHE,
                    "d-0000-exec-" + i,
                    new CompletionException(
                            KeeperException.create(KeeperException.Code.CONNECTIONLOSS, "/r/d-0000/$Jobs")));
        }
        failures.record(FailureKind.STATISTICS, "d-0000-exec-1", new IllegalStateException("a bug"));

        assertThat(failures.snapshot())
                .containsEntry(FailureKind.CACHE, 8L)
                .containsEntry(FailureKind.STATISTICS, 1L)
                .containsEntry(FailureKind.JOB_FIRE, 0L);
        List<String> lines =
                log.list.stream().map(ILoggingEvent::getFormattedMessage).toList();
        assertThat(lines.stream().filter(l -> l.startsWith("cache failed")))
                .hasSize(Failures.LOGGED_PER_KIND)
                .allMatch(l -> l.contains("ConnectionLoss for /r/d-0000/$Jobs"));
        assertThat(lines)
                .contains("further cache failures are counted in the fleet's snapshot, not logged, until none came for"
                        + " 30 s");
        assertThat(lines).contains("statistics failed for d-0000-exec-1");
        // a cause that is not ZooKeeper's is a bug: its stack trace is logged with it
        assertThat(log.list.stream().filter(e -> e.getThrowableProxy() != null))
                .singleElement()
                .extracting(e -> e.getThrowableProxy().getMessage())
                .isEqualTo("a bug");
    }

    @Test
    void eachEpisodeOfFailuresIsWarnedAboutAgainAfterAQuiet() {
        AtomicLong clock = new AtomicLong();
        Failures failures = new Failures(clock::get);
        for (int outage = 0; outage < 2; outage++) {
            for (int i = 0; i < 8; i++) {
                failures.record(
                        FailureKind.REGISTRATION,
                        "d-0000-exec-" + i,
                        KeeperException.create(KeeperException.Code.CONNECTIONLOSS, "/r/d-0000/$Jobs"));
                clock.addAndGet(TimeUnit.SECONDS.toNanos(1));
            }
            clock.addAndGet(Failures.QUIET_NANOS); // the ensemble back, quiet: the next outage is another episode
        }
        assertThat(failures.snapshot()).containsEntry(FailureKind.REGISTRATION, 16L);
        List<String> lines =
                log.list.stream().map(ILoggingEvent::getFormattedMessage).toList();
        assertThat(lines.stream().filter(l -> l.startsWith("registration failed")))
                .as("the first five of each outage")
                .hasSize(2 * Failures.LOGGED_PER_KIND);
        assertThat(lines).contains("the last episode of registration failures counted 3 more than it logged");
        assertThat(log.list).allMatch(e -> e.getLevel() == Level.WARN);
    }

    @Test
    void aShardingWriteMeetingAnExecutorStillRegisteringIsTheRaceSaturnRetriesAndNothingElseIs() {
        assertThat(ShardingRace.is(KeeperException.create(
                        KeeperException.Code.NONODE, "/r/sim/d-0004/$Jobs/job-20/servers/d-0004-exec-0/sharding")))
                .isTrue();
        assertThat(ShardingRace.is(
                        KeeperException.create(KeeperException.Code.CONNECTIONLOSS, "/r/sim/d-0004/$Jobs/job-20")))
                .isFalse();
        // a node missing elsewhere is no executor registering
        assertThat(ShardingRace.is(KeeperException.create(
                        KeeperException.Code.NONODE, "/r/sim/d-0004/$Jobs/job-20/leader/sharding/necessary")))
                .isFalse();
    }
}
