#!/usr/bin/env bash
# Builds the base image of zkload's images without any registry: a jlink'ed Java runtime, the
# shared libraries it loads, busybox (a shell and tar for Dockerfile RUN steps and entrypoints) and
# the DejaVu fonts the report charts draw with, imported as one layer with `docker import`.
#
#   docker/base/build.sh [IMAGE]        (default zkload/base:jre17)
#
# Needs: a JDK with jmods (JAVA_HOME, default the one javac belongs to), Debian's busybox-static,
# fonts-dejavu-core, libfontconfig1 and libfreetype6, and a running Docker engine.
set -euo pipefail
image="${1:-zkload/base:jre17}"
java_home="${JAVA_HOME:-$(dirname "$(dirname "$(readlink -f "$(command -v javac)")")")}"
[ -d "$java_home/jmods" ] || { echo "$java_home has no jmods: give a full JDK as JAVA_HOME" >&2; exit 2; }
busybox=$(command -v busybox || true)
[ -n "$busybox" ] || { echo "busybox not found: apt-get install busybox-static" >&2; exit 2; }
file -L "$busybox" | grep -q 'statically linked' || { echo "$busybox is not static: apt-get install busybox-static" >&2; exit 2; }

rootfs=$(mktemp -d /tmp/zkload-base.XXXXXX)
trap 'rm -rf "$rootfs"' EXIT

# What ZooKeeper (JMX, SASL, Netty via jdk.unsupported) and the runner (HTTP server for metrics,
# AWT for charts, JDK management beans for its JVM meters) load; nothing for compiling or debugging.
modules=java.base,java.logging,java.management,java.naming,java.security.jgss,java.security.sasl,java.sql,java.xml
modules=$modules,java.desktop,java.net.http,jdk.crypto.ec,jdk.httpserver,jdk.management,jdk.unsupported,jdk.zipfs
"$java_home/bin/jlink" --module-path "$java_home/jmods" --add-modules "$modules" --strip-debug --no-man-pages \
    --no-header-files --compress=2 --output "$rootfs/opt/java"

# Every shared library the runtime links against (and the dynamic loader), at its own path.
# fontconfig is loaded by name at run time, not linked, so it is listed explicitly.
libs=$( { find "$rootfs/opt/java" -name '*.so' -exec ldd {} \; ; ldd "$rootfs/opt/java/bin/java"; \
          ldd /lib/x86_64-linux-gnu/libfontconfig.so.1; echo " /lib/x86_64-linux-gnu/libfontconfig.so.1"; } \
        | grep -o '/[^ ]*\.so[^ ]*' | grep -v "^$rootfs" | sort -u)
for lib in $libs; do
    mkdir -p "$rootfs$(dirname "$lib")"
    cp -L "$lib" "$rootfs$lib"
done
# Debian's /lib and /lib64 are links into /usr; the loader is looked up under /lib64.
for lib in $libs; do
    case "$lib" in
        /lib/*|/lib64/*) mkdir -p "$rootfs/usr$(dirname "$lib")"; cp -L "$lib" "$rootfs/usr$lib" ;;
    esac
done

mkdir -p "$rootfs/bin" "$rootfs/etc" "$rootfs/tmp" "$rootfs/usr/share/fonts/truetype" "$rootfs/root"
cp "$busybox" "$rootfs/bin/busybox"
for applet in $("$busybox" --list); do
    [ -e "$rootfs/bin/$applet" ] || ln -s busybox "$rootfs/bin/$applet"
done
chmod 1777 "$rootfs/tmp"
cp -r /etc/fonts "$rootfs/etc/fonts"
# Without the C.UTF-8 locale the JVM falls back to ASCII for stdout and file names.
mkdir -p "$rootfs/usr/lib/locale"
cp -r /usr/lib/locale/C.utf8 "$rootfs/usr/lib/locale/C.utf8"
cp -r /usr/share/fonts/truetype/dejavu "$rootfs/usr/share/fonts/truetype/dejavu"
printf 'root:x:0:0:root:/root:/bin/sh\nzookeeper:x:1000:1000::/tmp:/bin/sh\n' > "$rootfs/etc/passwd"
printf 'root:x:0:\nzookeeper:x:1000:\n' > "$rootfs/etc/group"

tar -C "$rootfs" -c . | docker import \
    --change 'ENV PATH=/opt/java/bin:/bin' \
    --change 'ENV JAVA_HOME=/opt/java' \
    --change 'ENV LANG=C.UTF-8' \
    --change 'CMD ["java", "-version"]' \
    --message "zkload base: jlink'ed $("$java_home/bin/java" -version 2>&1 | head -1)" \
    - "$image" >/dev/null
echo "built $image ($(docker image inspect -f '{{.Size}}' "$image" | awk '{printf "%.0f MB", $1/1e6}'))"
