package dev.zkload.it.testing;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.MappingIterator;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import io.fabric8.kubernetes.api.model.ConfigMap;
import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.EnvFromSource;
import io.fabric8.kubernetes.api.model.EnvVar;
import io.fabric8.kubernetes.api.model.PersistentVolumeClaim;
import io.fabric8.kubernetes.api.model.batch.v1.Job;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * deploy/k8s's manifests, loaded into Kubernetes' own object model (fabric8's), and what Kubernetes would
 * make of a container's arguments: its {@code $(VAR)} references expanded from the container's environment.
 */
public record K8sManifests(ConfigMap config, PersistentVolumeClaim results, Job shards, Job merge) {
    public static final Path DIR = Path.of(System.getProperty("zkload.it.deployDir", "../deploy/k8s"));
    private static final Pattern REFERENCE = Pattern.compile("\\$\\(([A-Za-z_][A-Za-z0-9_]*)\\)");

    public static K8sManifests load() throws IOException {
        YAMLMapper yaml = new YAMLMapper();
        Map<String, Object> byKind = new LinkedHashMap<>();
        for (String file : List.of("zkload-shards.yaml", "zkload-merge.yaml")) {
            try (MappingIterator<JsonNode> docs =
                    yaml.readerFor(JsonNode.class).readValues(DIR.resolve(file).toFile())) {
                while (docs.hasNext()) {
                    JsonNode doc = docs.next();
                    String key = doc.path("kind").asText() + "/"
                            + doc.at("/metadata/name").asText();
                    Class<?> type =
                            switch (doc.path("kind").asText()) {
                                case "ConfigMap" -> ConfigMap.class;
                                case "PersistentVolumeClaim" -> PersistentVolumeClaim.class;
                                case "Job" -> Job.class;
                                default -> throw new IllegalStateException(file + " has an unexpected " + key);
                            };
                    if (byKind.put(key, yaml.convertValue(doc, type)) != null) {
                        throw new IllegalStateException(key + " is defined twice");
                    }
                }
            }
        }
        return new K8sManifests(
                (ConfigMap) byKind.get("ConfigMap/zkload-run"),
                (PersistentVolumeClaim) byKind.get("PersistentVolumeClaim/zkload-results"),
                (Job) byKind.get("Job/zkload-shards"),
                (Job) byKind.get("Job/zkload-merge"));
    }

    public static Container container(Job job) {
        return job.getSpec().getTemplate().getSpec().getContainers().get(0);
    }

    /** N, from the shards' {@code --shard /N}. */
    public int shardCount() {
        List<String> args = container(shards).getArgs();
        String shard = args.get(args.indexOf("--shard") + 1);
        if (!shard.startsWith("/")) {
            throw new IllegalStateException("--shard " + shard + " does not take its index from the Job");
        }
        return Integer.parseInt(shard.substring(1));
    }

    /**
     * The names a container's {@code $(VAR)} may use: its env, and the data of the ConfigMaps of its envFrom
     * (only ours is known here).
     */
    public Map<String, String> environment(Container c, Map<String, String> overrides, Map<String, String> pod) {
        Map<String, String> env = new LinkedHashMap<>();
        for (EnvFromSource from : c.getEnvFrom()) {
            if (from.getConfigMapRef() != null
                    && from.getConfigMapRef()
                            .getName()
                            .equals(config.getMetadata().getName())) {
                env.putAll(config.getData());
            }
        }
        env.putAll(overrides);
        for (EnvVar v : c.getEnv()) {
            env.put(v.getName(), v.getValue() != null ? v.getValue() : pod.get(v.getName()));
        }
        return env;
    }

    /** The container's arguments as Kubernetes passes them: each {@code $(VAR)} replaced from {@code env}. */
    public static List<String> expand(List<String> args, Map<String, String> env) {
        List<String> out = new ArrayList<>();
        for (String arg : args) {
            Matcher m = REFERENCE.matcher(arg);
            StringBuilder sb = new StringBuilder();
            while (m.find()) {
                String value = env.get(m.group(1));
                // Kubernetes leaves a reference to an undefined variable as it is
                m.appendReplacement(sb, Matcher.quoteReplacement(value == null ? m.group() : value));
            }
            m.appendTail(sb);
            out.add(sb.toString());
        }
        return out;
    }

    /** The variables an argument list refers to. */
    public static List<String> references(List<String> args) {
        List<String> names = new ArrayList<>();
        for (String arg : args) {
            Matcher m = REFERENCE.matcher(arg);
            while (m.find()) {
                names.add(m.group(1));
            }
        }
        return names;
    }
}
