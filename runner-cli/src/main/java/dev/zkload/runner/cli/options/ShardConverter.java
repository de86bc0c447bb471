package dev.zkload.runner.cli.options;

import dev.zkload.runner.engine.ramp.Shard;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.TypeConversionException;

/**
 * Reads {@code --shard i/N}, or {@code --shard /N} with {@code i} from {@code JOB_COMPLETION_INDEX}, which a
 * Kubernetes Indexed Job sets in each of its pods: one pod template serves every shard.
 */
public final class ShardConverter implements ITypeConverter<Shard> {
    /** The variable a Kubernetes Indexed Job sets to the pod's completion index. */
    public static final String COMPLETION_INDEX = "JOB_COMPLETION_INDEX";

    @Override
    public Shard convert(String value) {
        return convert(value, System.getenv(COMPLETION_INDEX));
    }

    /** @param completionIndex the value of {@link #COMPLETION_INDEX}, or null when it is not set */
    static Shard convert(String value, String completionIndex) {
        String shard = value.trim();
        if (shard.startsWith("/")) {
            if (completionIndex == null || completionIndex.isBlank()) {
                throw new TypeConversionException("'" + value + "' takes the shard's index from " + COMPLETION_INDEX
                        + " (set in the pods of a Kubernetes Indexed Job), which is not set here; write i/N");
            }
            shard = completionIndex.trim() + shard;
        }
        try {
            return Shard.parse(shard);
        } catch (IllegalArgumentException e) {
            throw new TypeConversionException(
                    e.getMessage() + (shard.equals(value.trim()) ? "" : " (" + COMPLETION_INDEX + " gave the index)"));
        }
    }
}
