package org.infiniscope.console.internal;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Instant;
import java.util.Comparator;
import java.util.List;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The daemon's watch over its build's sources: it vouches for an unchanged build, and every kind of change the
 * launcher's build check sees (an edit, a status change, a file or folder made, removed or renamed, a change before
 * the watch started) takes that back at once, the moment it is made; a build's target folders and unlisted entries at
 * the top of the checkout do not.
 */
class SourceWatchTest {

    private Path checkout;
    private Path stamp;
    private Path sources;
    private Path checked;
    private SourceWatch watch;

    /** A checkout as BuildCheckIT makes it: two modules, one with a target folder, a stamp and the list after them. */
    @BeforeEach
    void builtCheckout() throws IOException, InterruptedException {
        Path base = Files.createDirectories(Path.of("target", "source-watch-tests").toAbsolutePath());
        checkout = Files.createTempDirectory(base, "checkout");
        write("pom.xml", "<project/>");
        Files.createDirectories(checkout.resolve("build"));
        write("bundles/org.example.a/pom.xml", "<project/>");
        write("bundles/org.example.a/src/org/example/a/A.java", "class A {}");
        write("bundles/org.example.b/src/org/example/b/B.java", "class B {}");
        write("bundles/org.example.a/target/classes/A.class", "built");
        Path state = Files.createDirectories(checkout.resolve(".infiniscope"));
        stamp = state.resolve("build.stamp");
        sources = state.resolve("build.sources");
        checked = state.resolve("build.sources.checked");
        Files.write(stamp, new byte[0]);
        // the list, as the launcher's find prints it: every path under the roots, target folders pruned
        ByteArrayOutputStream list = new ByteArrayOutputStream();
        FileTime latest = FileTime.from(Instant.EPOCH);
        for (String root : List.of("pom.xml", "build", "bundles")) {
            try (var paths = Files.walk(checkout.resolve(root))) {
                for (Path p : paths.filter(p -> !inTarget(p)).toList()) {
                    list.writeBytes((checkout.relativize(p) + "\0").getBytes(StandardCharsets.UTF_8));
                    FileTime changed = ctime(p);
                    latest = changed.compareTo(latest) > 0 ? changed : latest;
                }
            }
        }
        Files.write(sources, list.toByteArray());
        // the stamp is the build's end: no earlier than any source's last status change; the list carries its time
        Files.setLastModifiedTime(stamp, latest);
        Files.setLastModifiedTime(sources, latest);
        Thread.sleep(20); // past the file system's clock tick: a change from now on is newer than the stamp
    }

    private boolean inTarget(Path p) {
        for (Path part : checkout.relativize(p)) {
            if (part.toString().equals("target")) {
                return true;
            }
        }
        return false;
    }

    @AfterEach
    void cleanUp() throws IOException {
        if (watch != null) {
            watch.close();
        }
        try (var paths = Files.walk(checkout)) {
            for (Path p : paths.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(p);
            }
        }
    }

    private Path write(String path, String text) throws IOException {
        Path file = checkout.resolve(path);
        Files.createDirectories(file.getParent());
        return Files.writeString(file, text);
    }

    private static FileTime ctime(Path p) throws IOException {
        return (FileTime) Files.getAttribute(p, "unix:ctime", LinkOption.NOFOLLOW_LINKS);
    }

    private SourceWatch started() {
        watch = new SourceWatch(checkout, stamp, sources, checked);
        watch.start();
        return watch;
    }

    private void assertChanged(String what) {
        assertFalse(watch.unchanged(), "seen at once: " + what);
        assertTrue(watch.change() != null && watch.change().contains(what), watch.change());
        assertFalse(watch.unchanged(), "a change is not forgotten");
    }

    @Test
    void anUnchangedBuildIsVouchedForOnlyOnceTheWatchRuns() {
        watch = new SourceWatch(checkout, stamp, sources, checked);
        assertFalse(watch.unchanged(), "not before the watches and the full check");
        watch.start();
        assertTrue(watch.unchanged(), String.valueOf(watch.change()));
        assertTrue(watch.unchanged());
        assertNull(watch.change());
        watch.close();
        assertFalse(watch.unchanged(), "not once closed");
    }

    @Test
    void anEditInPlaceIsSeenTheMomentItIsWritten() throws IOException {
        started();
        assertTrue(watch.unchanged());
        write("bundles/org.example.a/src/org/example/a/A.java", "class A { int x; }");
        assertChanged("bundles/org.example.a/src/org/example/a/A.java");
    }

    @Test
    void aStatusChangeAloneIsAChange() throws IOException {
        started();
        Files.setPosixFilePermissions(checkout.resolve("bundles/org.example.b/src/org/example/b/B.java"),
                PosixFilePermissions.fromString("rw-------"));
        assertChanged("B.java");
    }

    @Test
    void aNewFileOrFolderInASourceFolderIsAChange() throws IOException {
        started();
        write("bundles/org.example.b/src/org/example/b/C.java", "class C {}");
        assertChanged("C.java");

        watch.close();
        Files.delete(checkout.resolve("bundles/org.example.b/src/org/example/b/C.java"));
        started();
        assertFalse(watch.unchanged(), "the folder changed after the stamp: the full check sees it");

        restamp();
        started();
        assertTrue(watch.unchanged(), String.valueOf(watch.change()));
        Files.createDirectories(checkout.resolve("bundles/org.example.c"));
        assertChanged("bundles/org.example.c");
    }

    @Test
    void aRemovedOrRenamedFileIsAChange() throws IOException {
        started();
        Files.move(checkout.resolve("bundles/org.example.a/pom.xml"), checkout.resolve("bundles/org.example.a/p.xml"));
        assertChanged("bundles/org.example.a/pom.xml");

        watch.close();
        Files.move(checkout.resolve("bundles/org.example.a/p.xml"), checkout.resolve("bundles/org.example.a/pom.xml"));
        restamp();
        started();
        Files.delete(checkout.resolve("bundles/org.example.b/src/org/example/b/B.java"));
        assertChanged("B.java");
    }

    @Test
    void aRemovedSourceFolderIsAChange() throws IOException {
        started();
        Files.delete(checkout.resolve("build"));
        assertFalse(watch.unchanged(), "the top folder build removed");
    }

    @Test
    void targetFoldersComingAndGoingAreNoChange() throws IOException {
        started();
        write("bundles/org.example.b/target/classes/B.class", "built");
        Files.delete(checkout.resolve("bundles/org.example.a/target/classes/A.class"));
        Files.delete(checkout.resolve("bundles/org.example.a/target/classes"));
        Files.delete(checkout.resolve("bundles/org.example.a/target"));
        assertTrue(watch.unchanged(), String.valueOf(watch.change()));
    }

    @Test
    void unlistedEntriesAtTheTopAreNoSourcesButListedOnesAre() throws IOException {
        started();
        write("scratch.log", "not a source");
        write(".infiniscope/build.log", "the launcher's own files");
        Files.createDirectories(checkout.resolve("target"));
        assertTrue(watch.unchanged(), String.valueOf(watch.change()));
        write("pom.xml", "<project><modules/></project>");
        assertChanged("pom.xml");
    }

    @Test
    void aChangeBeforeTheWatchStartedIsSeenByTheFullCheck() throws IOException {
        write("bundles/org.example.a/src/org/example/a/A.java", "class A { int y; }");
        started();
        assertFalse(watch.unchanged());
        assertTrue(watch.change().contains("A.java"), watch.change());
    }

    @Test
    void theLaunchersRecordOfItsLastCheckCoversWhatCameBefore() throws IOException, InterruptedException {
        // target folders came and went after the stamp: the launcher compared the folder's entries and recorded it
        write("bundles/org.example.b/target/classes/B.class", "built");
        started();
        assertFalse(watch.unchanged(), "the module folder changed after the stamp, and no check was recorded");
        watch.close();
        Thread.sleep(20);
        Files.write(checked, new byte[0]);
        started();
        assertTrue(watch.unchanged(), String.valueOf(watch.change()));
    }

    @Test
    void aListThatIsNotThisBuildsVouchesForNothing() throws IOException {
        Files.setLastModifiedTime(sources, FileTime.from(Instant.now()));
        started();
        assertFalse(watch.unchanged());
        assertTrue(watch.change().contains("not this build's"), watch.change());
    }

    /** A new build: the stamp and the list taken again after everything in the checkout. */
    private void restamp() throws IOException {
        FileTime now = FileTime.from(Instant.now());
        Files.setLastModifiedTime(stamp, now);
        Files.setLastModifiedTime(sources, now);
        try {
            Thread.sleep(20);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
