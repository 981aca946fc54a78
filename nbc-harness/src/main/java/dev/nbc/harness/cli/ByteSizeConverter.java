package dev.nbc.harness.cli;

import dev.nbc.core.ByteSize;
import picocli.CommandLine.ITypeConverter;

/**
 * Size options that take k, m and g ({@link ByteSize}: {@code --bytes 64k,1m}), for an option's
 * {@code converter} attribute; a bad value is picocli's one-line error naming the option
 * ({@code Invalid value for option '--bytes' (B): must be a number of bytes >= 0, ...}).
 */
public final class ByteSizeConverter implements ITypeConverter<Long> {
    private static final ITypeConverter<Long> PARSE = Cli.converter(ByteSize::parse);

    @Override
    public Long convert(String text) throws Exception {
        return PARSE.convert(text);
    }
}
