package dev.zkload.runner.cli.options;

import dev.zkload.runner.engine.ramp.Shard;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.TypeConversionException;

/** Reads {@code --shard i/N}. */
public final class ShardConverter implements ITypeConverter<Shard> {
    @Override
    public Shard convert(String value) {
        try {
            return Shard.parse(value);
        } catch (IllegalArgumentException e) {
            throw new TypeConversionException(e.getMessage());
        }
    }
}
