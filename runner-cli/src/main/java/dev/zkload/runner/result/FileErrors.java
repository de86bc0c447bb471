package dev.zkload.runner.result;

import java.io.IOException;

/** Says what went wrong with a file or folder where NIO's message is often just the path. */
public final class FileErrors {
    private FileErrors() {}

    /** What went wrong, in words, with the path. */
    public static String describe(IOException e) {
        if (e instanceof java.nio.file.FileAlreadyExistsException) {
            return "a file that is not a folder is in the way (" + e.getMessage() + ")";
        }
        if (e instanceof java.nio.file.NoSuchFileException) {
            return "a folder on the way does not exist and cannot be made (" + e.getMessage() + ")";
        }
        if (e instanceof java.nio.file.FileSystemException f && f.getReason() != null) {
            return f.getReason() + " (" + f.getFile() + ")";
        }
        return e.getMessage();
    }
}
