package dev.zkload.bench.ops;

import com.fasterxml.jackson.annotation.JsonValue;
import java.util.List;
import org.apache.zookeeper.CreateMode;
import org.apache.zookeeper.KeeperException;
import org.apache.zookeeper.Watcher;
import org.apache.zookeeper.ZooKeeper;
import org.apache.zookeeper.data.ACL;

/** The seven operations of {@code zk-latencies.py}, in the order they run. */
public enum Op {
    CREATE("create"),
    SET("set"),
    GET("get"),
    DELETE("delete"),
    CREATE_EPHEMERAL("createEphemeral"),
    WATCH("watch"),
    DELETE_EPHEMERAL("deleteEphemeral");

    private final String jsonName;

    Op(String jsonName) {
        this.jsonName = jsonName;
    }

    /**
     * One synchronous call of this operation on {@code path}: what the benchmark's phases and the disrupt
     * experiment's probe time.
     *
     * @param data    what create and set write
     * @param acl     what create gives the znode
     * @param watcher what watch leaves on the znode
     */
    public void call(ZooKeeper zk, String path, byte[] data, List<ACL> acl, Watcher watcher)
            throws KeeperException, InterruptedException {
        switch (this) {
            case CREATE -> zk.create(path, data, acl, CreateMode.PERSISTENT);
            case CREATE_EPHEMERAL -> zk.create(path, data, acl, CreateMode.EPHEMERAL);
            case SET -> zk.setData(path, data, -1);
            case GET -> zk.getData(path, false, null);
            case DELETE, DELETE_EPHEMERAL -> zk.delete(path, -1);
            case WATCH -> zk.exists(path, watcher);
        }
    }

    /** The name used in result files ({@code steps.jsonl}, {@code latency.json}) and histogram log tags. */
    @JsonValue
    public String jsonName() {
        return jsonName;
    }
}
