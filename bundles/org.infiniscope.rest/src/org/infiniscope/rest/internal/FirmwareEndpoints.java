package org.infiniscope.rest.internal;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicLong;
import java.util.regex.Pattern;

import org.infiniscope.console.CommandService;
import org.infiniscope.firmware.FirmwareFlasher;
import org.infiniscope.firmware.FirmwareFormat;
import org.infiniscope.model.connection.FabricConnection;
import org.infiniscope.rest.Role;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Deactivate;
import org.osgi.service.component.annotations.Reference;
import org.osgi.service.component.annotations.ReferenceCardinality;
import org.osgi.service.component.annotations.ReferencePolicy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * Firmware: the formats and flashers installed, an adapter's running image ({@code fw query -d}), and flash jobs
 * (admin): {@code fw burn -d ADDRESS IMAGE} run in the background, failsafe as the CLI runs it, its state polled.
 */
@Component(service = Endpoints.class)
public final class FirmwareEndpoints implements Endpoints {

    private static final String TAG = "firmware";
    private static final Pattern PCI_ADDRESS = Pattern
            .compile("([0-9a-fA-F]{4}:)?[0-9a-fA-F]{2}:[0-9a-fA-F]{2}\\.[0-7]");

    /** A flash job. */
    private static final class Job {
        final long id;
        final String device;
        final boolean dryRun;
        final Instant started = Instant.now();
        volatile String state = "running";
        volatile Commands.Outcome outcome;
        volatile Instant ended;

        Job(long id, String device, boolean dryRun) {
            this.id = id;
            this.device = device;
            this.dryRun = dryRun;
        }

        ObjectNode json() {
            ObjectNode json = JsonNodeFactory.instance.objectNode();
            json.put("id", String.valueOf(id));
            json.put("device", device);
            json.put("dryRun", dryRun);
            json.put("state", state);
            json.put("started", started.toString());
            json.put("ended", ended == null ? null : ended.toString());
            if (outcome != null) {
                json.setAll(outcome.json());
            }
            return json;
        }
    }

    private final CommandService commands;
    private final FabricConnection connection;
    private final List<FirmwareFlasher> flashers = new CopyOnWriteArrayList<>();
    private final List<FirmwareFormat> formats = new CopyOnWriteArrayList<>();
    private final Map<Long, Job> jobs = new ConcurrentHashMap<>();
    private final AtomicLong ids = new AtomicLong();
    private final ExecutorService worker = Executors.newSingleThreadExecutor(r -> {
        Thread t = new Thread(r, "infiniscope-rest-flash");
        t.setDaemon(true);
        return t;
    });

    @Activate
    public FirmwareEndpoints(@Reference CommandService commands, @Reference FabricConnection connection) {
        this.commands = commands;
        this.connection = connection;
    }

    @Reference(cardinality = ReferenceCardinality.MULTIPLE, policy = ReferencePolicy.DYNAMIC)
    void addFlasher(FirmwareFlasher flasher) {
        flashers.add(flasher);
    }

    void removeFlasher(FirmwareFlasher flasher) {
        flashers.remove(flasher);
    }

    @Reference(cardinality = ReferenceCardinality.MULTIPLE, policy = ReferencePolicy.DYNAMIC)
    void addFormat(FirmwareFormat format) {
        formats.add(format);
    }

    void removeFormat(FirmwareFormat format) {
        formats.remove(format);
    }

    @Deactivate
    void deactivate() {
        worker.shutdownNow();
    }

    @Override
    public List<Route> routes() {
        return List.of(
                Route.get("/firmware", Role.VIEWER, TAG, "The firmware formats and flashers installed", Map.of(),
                        r -> inventory()),
                Route.get("/firmware/devices/{address}", Role.VIEWER, TAG,
                        "The image an adapter boots (fw query -d ADDRESS on the connected fabric's PCI bus)", Map.of(),
                        this::query),
                Route.get("/firmware/jobs", Role.VIEWER, TAG, "The flash jobs, oldest first", Map.of(), r -> jobs()),
                Route.get("/firmware/jobs/{id}", Role.VIEWER, TAG, "One flash job: its state and output", Map.of(),
                        this::job),
                Route.post("/firmware/jobs", Role.ADMIN, TAG,
                        "Starts a failsafe flash of an adapter (fw burn); answers the job to poll",
                        Schemas.object()
                                .property("device", "string", "the adapter's PCI address, such as 03:00.0", true)
                                .property("image", "string", "the image, Base64", true)
                                .property("force", "boolean", "burn even when the PSID differs", false)
                                .property("dryRun", "boolean", "check and write nothing", false)
                                .property("useImageGuids", "boolean",
                                        "burn the image's GUIDs and MACs instead of keeping the adapter's", false)
                                .build(),
                        this::start).withStatus(202));
    }

    private JsonNode inventory() {
        ObjectNode json = JsonNodeFactory.instance.objectNode();
        ArrayNode f = json.putArray("formats");
        formats.forEach(x -> f.add(x.name()));
        ArrayNode fl = json.putArray("flashers");
        flashers.forEach(x -> fl.add(x.name()));
        return json;
    }

    private String device(ApiRequest r, String address) throws ApiException {
        if (address == null || !PCI_ADDRESS.matcher(address).matches()) {
            throw ApiException.badRequest("'" + address + "' is not a PCI address such as 0000:03:00.0 or 03:00.0");
        }
        return address;
    }

    private String fabric() throws ApiException {
        String fabric = connection.state().fabric();
        if (fabric == null) {
            fabric = connection.configuredFabric();
        }
        return fabric;
    }

    private JsonNode query(ApiRequest r) throws ApiException {
        String address = device(r, r.path("address"));
        Commands.Outcome outcome = Commands.run(commands, List.of("fw", "query", "--fabric", fabric(), "-d", address),
                r.caller());
        if (outcome.status() != 0 && outcome.err().contains("no PCI function")) {
            throw ApiException.notFound(outcome.err().strip());
        }
        outcome.orError("fw query of " + address);
        ObjectNode json = outcome.json();
        json.put("device", address);
        return json;
    }

    private JsonNode jobs() {
        ObjectNode json = JsonNodeFactory.instance.objectNode();
        ArrayNode items = json.putArray("jobs");
        List<Job> all = new ArrayList<>(jobs.values());
        all.sort(java.util.Comparator.comparingLong(j -> j.id));
        all.forEach(j -> items.add(j.json()));
        return json;
    }

    private JsonNode job(ApiRequest r) throws ApiException {
        String id = r.path("id");
        try {
            Job job = jobs.get(Long.parseLong(id));
            if (job != null) {
                return job.json();
            }
        } catch (NumberFormatException e) {
            throw ApiException.badRequest("'" + id + "' is not a job ID");
        }
        throw ApiException.notFound("no flash job " + id);
    }

    private JsonNode start(ApiRequest r) throws ApiException {
        ObjectNode body = r.body();
        String address = device(r, ApiRequest.text(body, "device"));
        byte[] image;
        try {
            image = Base64.getDecoder().decode(ApiRequest.text(body, "image"));
        } catch (IllegalArgumentException e) {
            throw ApiException.badRequest("'image' is not Base64: " + e.getMessage());
        }
        if (image.length == 0) {
            throw ApiException.badRequest("'image' is empty");
        }
        boolean force = ApiRequest.flag(body, "force");
        boolean dryRun = ApiRequest.flag(body, "dryRun");
        boolean useImageGuids = ApiRequest.flag(body, "useImageGuids");
        String fabric = fabric();
        Path file;
        try {
            file = Files.createTempFile("infiniscope-flash", ".bin",
                    PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
            Files.write(file, image);
        } catch (IOException e) {
            throw ApiException.unavailable("cannot keep the image for the job: " + e.getMessage());
        }
        Job job = new Job(ids.incrementAndGet(), address, dryRun);
        jobs.put(job.id, job);
        List<String> argv = new ArrayList<>(List.of("fw", "burn", "--fabric", fabric, "-d", address, file.toString()));
        if (force) {
            argv.add("--force");
        }
        if (useImageGuids) {
            argv.add("--use-image-guids");
        }
        if (dryRun) {
            argv.add("--dry-run");
        }
        worker.execute(() -> {
            try {
                job.outcome = Commands.run(commands, argv, r.caller());
                job.state = job.outcome.status() == 0 ? "succeeded" : "failed";
            } catch (RuntimeException e) {
                job.state = "failed";
                job.outcome = new Commands.Outcome(1, "", Secrets.scrub(String.valueOf(e.getMessage())));
            } finally {
                job.ended = Instant.now();
                try {
                    Files.deleteIfExists(file);
                } catch (IOException e) {
                    // a temporary file of the JVM's temporary folder; nothing else to do
                }
            }
        });
        return job.json();
    }
}
