#!/bin/sh
# Writes zoo.cfg and myid from the environment, then runs the real QuorumPeerMain in the
# foreground (standalone when ZOO_SERVERS is empty). See the Dockerfile for the variables.
set -eu
data=${ZOO_DATA_DIR:-/data}
cfg=/conf/zoo.cfg
mkdir -p "$data"
{
    echo "tickTime=${ZOO_TICK_TIME:-2000}"
    echo "initLimit=${ZOO_INIT_LIMIT:-10}"
    echo "syncLimit=${ZOO_SYNC_LIMIT:-5}"
    echo "dataDir=$data"
    echo "clientPort=${ZOO_CLIENT_PORT:-2181}"
    if [ -n "${ZOO_CLIENT_ADDRESS:-}" ]; then
        echo "clientPortAddress=$ZOO_CLIENT_ADDRESS"
    fi
    echo "maxClientCnxns=${ZOO_MAX_CLIENT_CNXNS:-0}"
    echo "4lw.commands.whitelist=*"
    if [ -n "${ZOO_ADMIN_PORT:-}" ]; then
        echo "admin.serverPort=$ZOO_ADMIN_PORT"
    else
        echo "admin.enableServer=false"
    fi
    for server in ${ZOO_SERVERS:-}; do
        echo "$server"
    done
    for line in ${ZOO_CFG_EXTRA:-}; do
        echo "$line"
    done
} > "$cfg"
echo "${ZOO_MY_ID:-1}" > "$data/myid"
# shellcheck disable=SC2086 -- ZOO_JVM_FLAGS is a list of flags
exec java -Xms"${ZOO_HEAP:-512m}" -Xmx"${ZOO_HEAP:-512m}" ${ZOO_JVM_FLAGS:-} \
    -Dlogback.configurationFile=/opt/zookeeper/logback.xml -Dzookeeper.jmx.log4j.disable=true \
    -cp '/opt/zookeeper/lib/*' org.apache.zookeeper.server.quorum.QuorumPeerMain "$cfg"
