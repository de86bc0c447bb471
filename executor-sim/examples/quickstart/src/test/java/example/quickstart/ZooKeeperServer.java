package example.quickstart;

import org.apache.curator.test.TestingServer;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/** A real ZooKeeper server in this JVM, up around a test class (registered before what uses it). */
final class ZooKeeperServer implements BeforeAllCallback, AfterAllCallback {
    private TestingServer server;

    String connectString() {
        return server.getConnectString();
    }

    @Override
    public void beforeAll(ExtensionContext context) throws Exception {
        server = new TestingServer(true);
    }

    @Override
    public void afterAll(ExtensionContext context) throws Exception {
        server.close();
    }
}
