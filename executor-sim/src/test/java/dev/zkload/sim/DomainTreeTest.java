package dev.zkload.sim;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.atomic.AtomicBoolean;
import org.apache.zookeeper.CreateMode;
import org.apache.zookeeper.Op;
import org.apache.zookeeper.ZooDefs.Ids;
import org.junit.jupiter.api.Test;

/** The serial tree write: a domain's requests one at a time, and nothing more once it failed or was stopped. */
class DomainTreeTest {
    private static final List<List<Op>> REQUESTS = List.of(request("/d/a"), request("/d/b"), request("/d/c"));

    /** The requests sent, and the answers the test gives them when it chooses. */
    private final List<String> sent = new ArrayList<>();

    private final List<CompletableFuture<Object>> answers = new ArrayList<>();

    private CompletableFuture<?> send(List<Op> request) {
        sent.add(request.get(0).getPath());
        CompletableFuture<Object> answer = new CompletableFuture<>();
        answers.add(answer);
        return answer;
    }

    @Test
    void eachRequestIsSentOnlyOnceTheOneBeforeItIsAnswered() {
        CompletableFuture<Void> chain = DomainTree.oneAtATime(REQUESTS, this::send, () -> false);
        assertThat(sent).containsExactly("/d/a");
        answers.get(0).complete("ok");
        assertThat(sent).containsExactly("/d/a", "/d/b");
        answers.get(1).complete("ok");
        assertThat(sent).containsExactly("/d/a", "/d/b", "/d/c");
        assertThat(chain).isNotDone();
        answers.get(2).complete("ok");
        assertThat(chain).isCompleted();
    }

    @Test
    void aFailedRequestEndsTheChainWithItsError() {
        CompletableFuture<Void> chain = DomainTree.oneAtATime(REQUESTS, this::send, () -> false);
        answers.get(0).completeExceptionally(new IllegalStateException("NodeExists for /d/a"));
        assertThat(sent).containsExactly("/d/a");
        assertThat(chain)
                .failsWithin(Duration.ZERO)
                .withThrowableOfType(ExecutionException.class)
                .withMessageContaining("NodeExists for /d/a");
    }

    @Test
    void onceStoppedNoFurtherRequestIsSent() {
        AtomicBoolean stopped = new AtomicBoolean();
        CompletableFuture<Void> chain = DomainTree.oneAtATime(REQUESTS, this::send, stopped::get);
        stopped.set(true);
        assertThat(chain).as("the request in flight is still awaited").isNotDone();
        answers.get(0).complete("ok");
        assertThat(sent).containsExactly("/d/a");
        assertThat(chain).isCompletedExceptionally();
        assertThat(chain.handle((v, e) -> e).join())
                .isInstanceOf(CompletionException.class)
                .hasCauseInstanceOf(CancellationException.class)
                .hasRootCauseMessage("stopped before /d/b");
    }

    private static List<Op> request(String path) {
        return List.of(Op.create(path, new byte[0], Ids.OPEN_ACL_UNSAFE, CreateMode.PERSISTENT));
    }
}
