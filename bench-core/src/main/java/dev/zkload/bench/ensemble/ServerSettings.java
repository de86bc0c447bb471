package dev.zkload.bench.ensemble;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;

/** What every server of one ensemble shares: the JVM to run, its flags, and zoo.cfg overrides. */
record ServerSettings(
        Path java,
        List<String> jvmFlags,
        String heap,
        Map<String, String> zooCfg,
        String classpath,
        Duration startTimeout) {}
