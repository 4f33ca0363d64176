package dev.poolbench.webapp.pool;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/**
 * The pool catalogue (pools.json) and the code stay in step: every entry has its class, its
 * properties and its release, and every descriptor and profile properties file has its entry. What
 * the runner, docs/render and the Ansible role know of the pools comes from the catalogue alone:
 * adding a pool touches its class, its properties files and webapp/pom.xml (and its tests and
 * docs), no other file.
 */
class PoolCatalogueTest {

    private static final Path SOURCES = Path.of("src/main/java/dev/poolbench/webapp/pool");
    private static final Path RESOURCES = Path.of("src/main/resources");
    /** The build file of the pools: each one's release, managed entry and dependency. */
    private static final Path POOLS_POM = Path.of("pom.xml");
    private static final Path REPOSITORY = Path.of("..");
    /** A pool's release property, {@code pool.<profile>.version}: in webapp/pom.xml and no other POM. */
    private static final Pattern POOL_RELEASE = Pattern.compile("pool\\.[a-z0-9]+\\.version");
    private static final Pattern FIGURE = Pattern.compile("<!-- figure: .*?<!-- /figure -->", Pattern.DOTALL);
    /** What builds, runs and tools leave in the tree (and .git, .poolbench, ansible/.cache: every hidden one but these). */
    private static final Set<String> NOT_SOURCES = Set.of("target", "results", "node_modules", "__pycache__");
    private static final Set<String> HIDDEN_SOURCES = Set.of(".ci", ".mvn", ".github");
    private static final List<String> NUMBER_WORDS = List.of("zero", "one", "two", "three", "four", "five", "six",
            "seven", "eight", "nine", "ten", "eleven", "twelve", "thirteen", "fourteen", "fifteen", "sixteen",
            "seventeen", "eighteen", "nineteen", "twenty");

    @Test
    void everyEntryHasItsDescriptorPropertiesAndRelease() throws IOException {
        String pom = Files.readString(POOLS_POM);
        String recommended = Files.readString(RESOURCES.resolve("pool-recommended.properties"));
        for (String profile : PoolProfiles.ALL) {
            PoolDescriptor<?> descriptor = PoolProfiles.descriptor(profile);
            assertThat(RESOURCES.resolve("application-" + profile + ".properties")).as(profile).isRegularFile();
            if (descriptor.keepsConnections()) {
                assertThat(pom).as("webapp/pom.xml's release of " + profile)
                        .contains("<pool." + profile + ".version>", "${pool." + profile + ".version}");
                assertThat(recommended).as("pool-recommended.properties of " + profile)
                        .contains("poolbench.recommended.pool." + profile + ".");
            }
        }
    }

    @Test
    void everyDescriptorAndProfileFileIsInTheCatalogue() throws IOException {
        List<String> named = entries().stream().map(e -> e.path("descriptor").asString("")).toList();
        try (Stream<Path> files = Files.list(SOURCES)) {
            for (Path file : files.sorted().toList()) {
                if (Files.readString(file).contains(" extends PoolDescriptor<")) {
                    assertThat(named).as("pools.json names " + file.getFileName())
                            .contains(file.getFileName().toString().replace(".java", ""));
                }
            }
        }
        Pattern profileFile = Pattern.compile("application-([a-z0-9]+)\\.properties");
        try (Stream<Path> files = Files.list(RESOURCES)) {
            List<String> profiles = files.map(f -> profileFile.matcher(f.getFileName().toString()))
                    .filter(m -> m.matches()).map(m -> m.group(1)).sorted().toList();
            assertThat(profiles).containsExactlyInAnyOrderElementsOf(PoolProfiles.ALL);
        }
    }

    @Test
    void everyEntrySaysHowTheDocsNameItAndWhetherItRunsByDefault() {
        List<String> defaults = new ArrayList<>();
        for (JsonNode entry : entries()) {
            String name = entry.path("name").asString("");
            assertThat(entry.path("label").asString("")).as(name).startsWith(name);
            assertThat(entry.path("default").isBoolean()).as(name + " default").isTrue();
            if (entry.path("default").asBoolean()) {
                defaults.add(name);
            }
        }
        assertThat(defaults).as("the reference, hikari, runs first and by default").startsWith("hikari");
        assertThat(PoolProfiles.ALL).startsWith("hikari");
    }

    /**
     * No file but the pools' own lists or counts them. A list of the pools names the ones that do
     * not run by default (added after the first comparisons, as a new pool would be), so no source
     * outside the allowed set names one by its id (the profile name as code writes it; prose names
     * such as UCP are not ids); markdown may (the docs describe each pool and what it did), but no
     * file, markdown outside its rendered figures included, says how many pools there are.
     */
    @Test
    void noFileButThePoolsOwnListsOrCountsThePools() throws IOException {
        List<String> found = new ArrayList<>();
        for (Path file : repositoryFiles()) {
            String text = text(file);
            if (text != null) {
                found.addAll(problems(REPOSITORY.relativize(file).toString().replace('\\', '/'), text));
            }
        }
        assertThat(found).as("files that list or count the pools (the catalogue is pools.json; the allowed files: "
                + "PoolCatalogueTest.allowed)").isEmpty();
    }

    @Test
    void theCheckSeesAListACountAndAReleaseOutsideTheAllowedFiles() {
        String other = entries().stream().filter(e -> !e.path("default").asBoolean()).findFirst().orElseThrow()
                .path("name").asString("");
        String count = "all " + NUMBER_WORDS.get(entries().size()) + " pools";
        assertThat(problems("ansible/roles/poolbench_app/vars/main.yml", "pools: [hikari, " + other + "]\n"))
                .singleElement().asString().contains(":1: names " + other);
        assertThat(problems("docs/commands.md", "intro\n" + count + " run\n")).singleElement().asString()
                .contains(":2: counts the pools");
        assertThat(problems("bench/micro/pom.xml", "<version>${pool." + other + ".version}</version>")).isNotEmpty();
        assertThat(problems("docs/pools.md", "the " + other + " profile\n")).as("docs describe each pool").isEmpty();
        assertThat(problems("README.md", "<!-- figure: x (d) -->\n" + count + "\n<!-- /figure -->\n"))
                .as("a rendered figure").isEmpty();
        assertThat(problems("webapp/src/test/java/X.java", other + ", " + count)).as("a test").isEmpty();
        assertThat(problems("webapp/src/main/resources/application-" + other + ".properties", other)).isEmpty();
    }

    /** "path:line: what" for each list, count or pool release in a file outside the allowed set. */
    private static List<String> problems(String path, String text) {
        if (allowed().contains(path) || path.contains("/src/test/") || path.startsWith("webapp/it/")
                || path.startsWith("docs/data/") || path.startsWith("docs/images/")
                || List.of(path.split("/")).contains("tests")) {
            return List.of();
        }
        List<String> found = new ArrayList<>();
        boolean markdown = path.endsWith(".md");
        String body = markdown ? FIGURE.matcher(text).replaceAll(m -> "\n".repeat(lines(m.group()))) : text;
        if (!markdown && !notDefault().isEmpty()) {
            found.addAll(matches(path, body, Pattern.compile("\\b(" + String.join("|", notDefault()) + ")\\b"),
                    "names %s, a pool that does not run by default"));
        }
        found.addAll(matches(path, body, counts(), "counts the pools (\"%s\")"));
        if (path.endsWith("pom.xml")) {
            found.addAll(matches(path, body, POOL_RELEASE, "pins a pool's release (%s): webapp/pom.xml alone does"));
        }
        return found;
    }

    /** The pools' own files: the catalogue, each pool's class and properties, the pools' build file. */
    private static Set<String> allowed() {
        Set<String> files = new HashSet<>(Set.of("webapp/pom.xml", "webapp/src/main/resources/pools.json",
                "webapp/src/main/resources/pool-recommended.properties"));
        for (JsonNode entry : entries()) {
            files.add("webapp/src/main/resources/application-" + entry.path("name").asString("") + ".properties");
            files.add("webapp/" + SOURCES.resolve(entry.path("descriptor").asString("") + ".java").toString()
                    .replace('\\', '/'));
        }
        return files;
    }

    private static List<String> notDefault() {
        return entries().stream().filter(e -> !e.path("default").asBoolean())
                .map(e -> Pattern.quote(e.path("name").asString(""))).toList();
    }

    /**
     * "all nine", "the nine", "(nine)", "nine pools", "8 pool profiles": how many pools there are, or
     * how many keep connections (all but the no-pool baseline); digits only before "pools" or
     * "profiles", where they cannot be any other number.
     */
    private static Pattern counts() {
        int all = PoolProfiles.ALL.size();
        int withConnections = (int) PoolProfiles.ALL.stream()
                .filter(p -> PoolProfiles.descriptor(p).keepsConnections()).count();
        String words = Stream.of(all, withConnections).filter(c -> c < NUMBER_WORDS.size()).map(NUMBER_WORDS::get)
                .collect(Collectors.joining("|", "(?:", ")"));
        String numbers = "(?:" + words.substring(3, words.length() - 1) + "|" + all + "|" + withConnections + ")";
        return Pattern.compile("\\b(?:all|the)[ -]" + words + "\\b|\\(" + words + "\\)|\\b" + numbers
                + " (?:pool |connection )?(?:pools|profiles)\\b", Pattern.CASE_INSENSITIVE);
    }

    private static List<String> matches(String path, String text, Pattern pattern, String what) {
        List<String> found = new ArrayList<>();
        Matcher m = pattern.matcher(text);
        while (m.find()) {
            found.add(path + ":" + (lines(text.substring(0, m.start())) + 1) + ": " + String.format(what, m.group()));
        }
        return found;
    }

    private static int lines(String text) {
        return (int) text.chars().filter(c -> c == '\n').count();
    }

    /** Every file of the repository but what the build, the runs and Git keep (docs/data and docs/images: data). */
    private static List<Path> repositoryFiles() throws IOException {
        List<Path> files = new ArrayList<>();
        Path root = REPOSITORY.normalize();
        Files.walkFileTree(REPOSITORY, new SimpleFileVisitor<>() {
            @Override
            public FileVisitResult preVisitDirectory(Path dir, BasicFileAttributes attrs) {
                String name = dir.getFileName() == null ? "" : dir.getFileName().toString();
                String rel = root.relativize(dir.normalize()).toString().replace('\\', '/');
                boolean skip = NOT_SOURCES.contains(name) || name.startsWith("venv")
                        || (name.startsWith(".") && !rel.isEmpty() && !HIDDEN_SOURCES.contains(name))
                        || rel.equals("docs/data") || rel.equals("docs/images");
                return skip ? FileVisitResult.SKIP_SUBTREE : FileVisitResult.CONTINUE;
            }

            @Override
            public FileVisitResult visitFile(Path file, BasicFileAttributes attrs) {
                String name = file.getFileName().toString();
                if (attrs.isRegularFile() && attrs.size() < 2_000_000 && !name.contains(".tfstate")
                        && !name.endsWith(".log")) {
                    files.add(file);
                }
                return FileVisitResult.CONTINUE;
            }
        });
        return files;
    }

    /** The file as UTF-8 text, or null for a binary file. */
    private static String text(Path file) throws IOException {
        byte[] bytes = Files.readAllBytes(file);
        for (byte b : bytes) {
            if (b == 0) {
                return null;
            }
        }
        try {
            return StandardCharsets.UTF_8.newDecoder().decode(ByteBuffer.wrap(bytes)).toString();
        } catch (CharacterCodingException e) {
            return null;
        }
    }

    private static List<JsonNode> entries() {
        JsonNode pools = PoolProfiles.catalogue();
        List<JsonNode> list = new ArrayList<>();
        for (int i = 0; i < pools.size(); i++) {
            list.add(pools.get(i));
        }
        return list;
    }
}
