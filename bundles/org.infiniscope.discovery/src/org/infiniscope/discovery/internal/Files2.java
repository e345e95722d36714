package org.infiniscope.discovery.internal;

import java.io.IOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileSystemException;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;

/** File errors as a tool reports them. */
final class Files2 {

    private Files2() {
    }

    /** @return a file argument, relative to {@code folder} when that is given */
    static Path resolve(String folder, String file) {
        return folder == null || folder.isBlank() ? Path.of(file) : Path.of(folder).resolve(file);
    }

    /** @return the file and what went wrong with it, in a few words */
    static String describe(IOException e) {
        return switch (e) {
            case NoSuchFileException n -> "'" + n.getFile() + "': no such file";
            case AccessDeniedException a -> "'" + a.getFile() + "': permission denied";
            case FileSystemException f -> "'" + f.getFile() + "': " + (f.getReason() != null ? f.getReason() : f);
            default -> e.getMessage();
        };
    }
}
