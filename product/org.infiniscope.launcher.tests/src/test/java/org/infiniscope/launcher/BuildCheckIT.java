package org.infiniscope.launcher;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The launcher's build check ({@code ./infiniscope build --check}) on a checkout of its own: a copy of the script in a
 * small source tree with a stand-in runtime and product, marked built. The check stats the list of sources taken
 * after the build instead of walking the tree; every kind of source change must still ask for a build, and a build's
 * own target folders must not.
 */
class BuildCheckIT {

    private static final Path ROOT = Path.of(System.getProperty("infiniscope.root", "../.."));
    private static final String UP_TO_DATE = "infiniscope: the build is up to date\n";

    /** The C client (its fast path's own build check), built from this checkout's sources; null without cc. */
    private static Path client;

    @TempDir
    Path checkout;

    @BeforeAll
    static void compileTheClient(@TempDir Path bin) throws IOException, InterruptedException {
        if (new ProcessBuilder("sh", "-c", "command -v cc").start().waitFor() != 0) {
            return; // the launcher then has no fast path either
        }
        Path c = ROOT.resolve("product/org.infiniscope.headless/src/main/c");
        Process cc = new ProcessBuilder("cc", "-O2", "-o", bin.resolve("daemon-client").toString(),
                c.resolve("daemon-client.c").toString(), c.resolve("fast-path.c").toString(), "-lm").inheritIO()
                .start();
        assertEquals(0, cc.waitFor(), "the C client compiles");
        client = bin.resolve("daemon-client");
    }

    private Path state;
    private Path stamp;

    record Result(int status, String out) {
    }

    /** A checkout: the script, sources in two modules, the runtime's and the product's files, a stamp after them. */
    @BeforeEach
    void builtCheckout() throws IOException, InterruptedException {
        Files.copy(ROOT.resolve("infiniscope"), checkout.resolve("infiniscope"));
        checkout.resolve("infiniscope").toFile().setExecutable(true);
        write("pom.xml", "<project/>");
        for (String root : List.of("build", "lab", "features", "target-platform", "ui-tests", "bench")) {
            Files.createDirectories(checkout.resolve(root)); // the roots the check watches
        }
        write("bundles/org.example.a/pom.xml", "<project/>");
        write("bundles/org.example.a/src/org/example/a/A.java", "class A {}");
        write("bundles/org.example.a/META-INF/MANIFEST.MF", "Manifest-Version: 1.0\n");
        write("bundles/org.example.b/src/org/example/b/B.java", "class B {}");
        write("bundles/org.example.a/target/classes/A.class", "built");
        write("product/org.infiniscope.headless/target/infiniscope-runtime/infiniscope-launcher.jar", "jar");
        Files.createDirectories(checkout.resolve(
                "product/org.infiniscope.product/target/products/org.infiniscope.product/linux/gtk/x86_64/infiniscope/plugins"));
        state = checkout.resolve(".infiniscope");
        Files.createDirectories(state);
        stamp = state.resolve("build.stamp");
        Files.write(stamp, new byte[0]);
        // the stamp is the build's end: no earlier than any source's last status change
        FileTime latest = FileTime.from(Instant.EPOCH);
        try (var paths = Files.walk(checkout)) {
            for (Path p : paths.toList()) {
                FileTime changed = (FileTime) Files.getAttribute(p, "unix:ctime");
                latest = changed.compareTo(latest) > 0 ? changed : latest;
            }
        }
        Files.setLastModifiedTime(stamp, latest);
        awaitClockPast(latest);
    }

    /** Waits until a change made now gets a status-change time after {@code time} (the file system's clock ticks). */
    private void awaitClockPast(FileTime time) throws IOException, InterruptedException {
        Path probe = state.resolve("probe");
        long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        do {
            Files.writeString(probe, "now");
            if (((FileTime) Files.getAttribute(probe, "unix:ctime")).compareTo(time) > 0) {
                Files.delete(probe);
                return;
            }
            Thread.onSpinWait();
        } while (System.nanoTime() < end);
        throw new AssertionError("the file system's clock did not pass " + time);
    }

    private Path write(String path, String text) throws IOException {
        Path p = checkout.resolve(path);
        Files.createDirectories(p.getParent());
        Files.writeString(p, text);
        return p;
    }

    /**
     * The script's check; the C client's fast path is asked first, and may leave a change to the script, but must never
     * call a build up to date that the script finds needed.
     */
    private Result check() throws IOException, InterruptedException {
        boolean fast = fastUnchanged();
        Result script = scriptCheck();
        if (fast) {
            assertEquals(new Result(0, UP_TO_DATE), script, "the fast path found the build up to date");
        }
        return script;
    }

    /** @return whether the C client's fast path finds the build up to date (false without a C compiler) */
    private boolean fastUnchanged() throws IOException, InterruptedException {
        if (client == null) {
            return false;
        }
        Process process = new ProcessBuilder(client.toString(), "--check", checkout.toString(), state.toString(),
                stamp.toString(), state.resolve("build.sources").toString(),
                state.resolve("build.sources.checked").toString(),
                checkout.resolve("product/org.infiniscope.headless/target/infiniscope-runtime/infiniscope-launcher.jar")
                        .toString(),
                checkout.resolve("product/org.infiniscope.product/target/products/org.infiniscope.product/linux/gtk"
                        + "/x86_64/infiniscope/plugins").toString())
                .inheritIO().start();
        assertTrue(process.waitFor(60, TimeUnit.SECONDS), "the C client's check did not finish in 60 s");
        int status = process.exitValue();
        assertTrue(status == 0 || status == 1, "the C client's check: status " + status);
        return status == 0;
    }

    private Result scriptCheck() throws IOException, InterruptedException {
        Path out = Files.createTempFile(state, "out", ".txt");
        Process process = new ProcessBuilder(List.of(checkout.resolve("infiniscope").toString(), "build", "--check"))
                .directory(checkout.toFile()).redirectErrorStream(true).redirectOutput(out.toFile()).start();
        process.getOutputStream().close();
        if (!process.waitFor(60, TimeUnit.SECONDS)) {
            process.destroyForcibly();
            throw new AssertionError("build --check did not finish in 60 s");
        }
        String text = Files.readString(out);
        Files.delete(out);
        return new Result(process.exitValue(), text);
    }

    /** The first check walks the tree and lists the sources; the next ones use the list: both up to date. */
    private void checkedTwiceUpToDate() throws IOException, InterruptedException {
        assertEquals(new Result(0, UP_TO_DATE), check());
        Path sources = state.resolve("build.sources");
        assertTrue(Files.exists(sources), "the list of sources is taken when nothing changed");
        assertEquals(Files.getLastModifiedTime(stamp), Files.getLastModifiedTime(sources));
        String listed = Files.readString(sources);
        assertTrue(listed.contains("bundles/org.example.a/src/org/example/a/A.java\0"), listed);
        assertTrue(!listed.contains("/target\0") && !listed.contains("/target/"),
                "target folders are not sources: " + listed);
        assertEquals(new Result(0, UP_TO_DATE), check());
        assertTrue(client == null || fastUnchanged(), "the fast path finds the unchanged build up to date itself");
    }

    private void assertBuildNeeded(String what) throws IOException, InterruptedException {
        Result r = check();
        assertEquals(1, r.status(), r.out());
        assertTrue(r.out().startsWith("infiniscope: a build is needed: ") && r.out().contains(what), r.out());
    }

    @Test
    void nothingChangedIsUpToDate() throws Exception {
        checkedTwiceUpToDate();
    }

    @Test
    void aFileEditedInPlaceIsNoticed() throws Exception {
        checkedTwiceUpToDate();
        Files.writeString(checkout.resolve("bundles/org.example.a/src/org/example/a/A.java"), "class A { int x; }");
        assertBuildNeeded("bundles/org.example.a/src/org/example/a/A.java changed");
    }

    @Test
    void aFileCopiedInWithItsOldTimeIsNoticed() throws Exception {
        checkedTwiceUpToDate();
        Path b = checkout.resolve("bundles/org.example.b/src/org/example/b/B.java");
        Files.writeString(b, "class B { int y; }");
        Files.setLastModifiedTime(b, FileTime.from(Instant.EPOCH)); // as cp -p or rsync -a leave it
        assertBuildNeeded("B.java changed");
    }

    @Test
    void aNewFileIsNoticed() throws Exception {
        checkedTwiceUpToDate();
        write("bundles/org.example.a/src/org/example/a/C.java", "class C {}");
        assertBuildNeeded("bundles/org.example.a/src/org/example/a changed");
    }

    @Test
    void aNewFileInANewFolderIsNoticed() throws Exception {
        checkedTwiceUpToDate();
        write("bundles/org.example.b/src/org/example/b/deep/D.java", "class D {}");
        assertBuildNeeded("bundles/org.example.b/src/org/example/b changed");
    }

    @Test
    void aNewModuleIsNoticed() throws Exception {
        checkedTwiceUpToDate();
        write("bundles/org.example.c/pom.xml", "<project/>");
        assertBuildNeeded("bundles changed");
    }

    @Test
    void aDeletedFileIsNoticed() throws Exception {
        checkedTwiceUpToDate();
        Files.delete(checkout.resolve("bundles/org.example.a/META-INF/MANIFEST.MF"));
        assertBuildNeeded("a build is needed");
    }

    @Test
    void aRenamedFileIsNoticed() throws Exception {
        checkedTwiceUpToDate();
        Files.move(checkout.resolve("bundles/org.example.b/src/org/example/b/B.java"),
                checkout.resolve("bundles/org.example.b/src/org/example/b/B2.java"));
        assertBuildNeeded("a build is needed");
    }

    @Test
    void targetFoldersComingAndGoingAreNoChange() throws Exception {
        checkedTwiceUpToDate();
        write("bundles/org.example.b/target/classes/B.class", "built"); // a module built by a narrow Maven run
        try (var paths = Files.walk(checkout.resolve("bundles/org.example.a/target"))) {
            for (Path p : paths.sorted(java.util.Comparator.reverseOrder()).toList()) {
                Files.delete(p); // a module cleaned
            }
        }
        assertEquals(new Result(0, UP_TO_DATE), check());
        // an entry added beside a target folder still counts
        write("bundles/org.example.b/build.properties", "bin.includes = .\n");
        assertBuildNeeded("bundles/org.example.b changed");
    }

    /**
     * Once the only changes are folders whose entries are still the listed ones (a Maven run's churn beside target/),
     * the check records when it found nothing else, and the next checks look at what changed after that; an edit made
     * after that time is found.
     */
    @Test
    void aCheckThatFoundOnlyFolderChurnRecordsItsTimeAndLaterEditsAreStillFound() throws Exception {
        checkedTwiceUpToDate();
        // the recorded time is a second before the check: the check must start more than that after the stamp
        awaitClockPast(FileTime.from(Files.getLastModifiedTime(stamp).toInstant().plusSeconds(2)));
        write("bundles/org.example.a/.tycho-consumer-pom.xml", "<project/>");
        Files.delete(checkout.resolve("bundles/org.example.a/.tycho-consumer-pom.xml"));
        assertEquals(new Result(0, UP_TO_DATE), check());
        Path checked = state.resolve("build.sources.checked");
        assertTrue(
                Files.exists(checked)
                        && Files.getLastModifiedTime(checked).compareTo(Files.getLastModifiedTime(stamp)) > 0,
                "the time of the check is recorded");
        assertEquals(new Result(0, UP_TO_DATE), check());
        // the recorded time is the check's start in whole seconds, less one: once a check records a time past the
        // churn, the fast path settles the next ones itself
        awaitClockPast(
                FileTime.from(((FileTime) Files.getAttribute(checkout.resolve("bundles/org.example.a"), "unix:ctime"))
                        .toInstant().plusSeconds(2)));
        assertEquals(new Result(0, UP_TO_DATE), check());
        assertTrue(client == null || fastUnchanged(), "after a recorded check past the churn the fast path settles it");
        Files.writeString(checkout.resolve("bundles/org.example.a/pom.xml"), "<project><!-- edited --></project>");
        assertBuildNeeded("bundles/org.example.a/pom.xml changed");
    }

    @Test
    void aNewBuildStampTakesANewList() throws Exception {
        checkedTwiceUpToDate();
        write("bundles/org.example.a/src/org/example/a/C.java", "class C {}");
        assertBuildNeeded("changed");
        // a build: its stamp after the change; the old list (without C.java) is not used with it
        FileTime built = (FileTime) Files
                .getAttribute(checkout.resolve("bundles/org.example.a/src/org/example/a/C.java"), "unix:ctime");
        Files.setLastModifiedTime(stamp, built);
        awaitClockPast(built);
        assertEquals(new Result(0, UP_TO_DATE), check());
        assertTrue(Files.readString(state.resolve("build.sources")).contains("org/example/a/C.java\0"));
        Files.writeString(checkout.resolve("bundles/org.example.a/src/org/example/a/C.java"), "class C { int z; }");
        assertBuildNeeded("C.java changed");
    }
}
