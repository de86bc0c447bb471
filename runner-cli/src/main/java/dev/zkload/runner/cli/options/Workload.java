package dev.zkload.runner.cli.options;

import dev.zkload.sim.ModelFile;
import dev.zkload.sim.SaturnModel;
import java.nio.file.Path;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * What a run simulates: the domains' model file (a built-in model is a single-kind one), and how
 * {@code run.json} records it.
 *
 * @param models      the fleet's kinds and mix
 * @param description the model as run.json records it, with what one domain should cost
 * @param yourDomains what a verdict says the domains are when a model file gives them ("model file
 *     shop.yaml: 80% like orders, 20% like reports"); null for a built-in model, whose domains need no words
 */
public record Workload(ModelFile models, Map<String, Object> description, String yourDomains) {
    public Workload {
        // run.json shows the fields in this order
        description = Collections.unmodifiableMap(new LinkedHashMap<>(description));
    }

    /** A built-in model, perhaps resized: its sizes as run.json always recorded them. */
    static Workload of(SaturnModel m) {
        Map<String, Object> map = new LinkedHashMap<>();
        map.put("name", m.name());
        map.put("executorsPerDomain", m.executorsPerDomain());
        map.put("consolesPerDomain", m.consolesPerDomain());
        map.put("jobsPerDomain", m.jobsPerDomain());
        map.put("itemsPerJob", m.itemsPerJob());
        map.put("configFields", m.configFields());
        map.put("runTimeMs", m.runTime().toMillis());
        map.put("expectedPerDomain", m.expectedFootprint());
        return new Workload(ModelFile.of(m), map, null);
    }

    /** A model file: its name, path, Saturn line and mix in words, and its domains as the verdict names them. */
    static Workload of(ModelFile file, Path path) {
        Map<String, Object> map = new LinkedHashMap<>();
        map.put("name", file.name());
        map.put("file", path.toString());
        map.put("version", file.version().id());
        map.put("domains", file.describe());
        map.put("expectedPerDomain", file.expectedFootprint());
        return new Workload(file, map, "model file " + path.getFileName() + ": " + file.shares());
    }
}
