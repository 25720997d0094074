// Issue #14 through the real binary: crafted inputs end with a message and exit code 2 (3 for an
// unwritable store), never a crash; kill -9, a full disk and a read-only folder lose no file.
#include "cli_runner.h"

#include "core/store/sqlite_db.h"

#include <catch2/catch.hpp>

#include <chrono>
#include <csignal>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <spawn.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <thread>
#include <unistd.h>

using namespace opscope::test;
namespace fs = std::filesystem;

extern char** environ;

namespace {

std::string write(const std::string& path, const std::string& text) {
    std::ofstream(path, std::ios::binary) << text;
    return path;
}

std::string readAll(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    return std::string(std::istreambuf_iterator<char>(in), {});
}

std::vector<std::string> tempFilesIn(const std::string& dir) {
    std::vector<std::string> found;
    for (const auto& e : fs::directory_iterator(dir))
        if (e.path().filename().string().find(".tmp-") != std::string::npos) found.push_back(e.path().string());
    return found;
}

// A Chrome trace of n complete events, written as fast as the file system takes it.
std::string writeLargeTrace(const std::string& path, int n) {
    std::ofstream out(path, std::ios::binary);
    out << "[";
    for (int i = 0; i < n; ++i)
        out << R"({"ph":"X","name":"kernel_)" << (i % 50) << R"(","cat":"kernel","pid":1,"tid":)" << (i % 8)
            << R"(,"ts":)" << i * 10 << R"(,"dur":5,"args":{"i":)" << i << "}},\n";
    out << "{}]";
    return path;
}

// Starts opscope-cli with args without waiting for it (the caller kills or waits for the pid).
pid_t spawnCli(std::vector<std::string> args) {
    std::string cli = OPSCOPE_CLI_PATH;
    args.insert(args.begin(), cli);
    std::vector<char*> argv;
    for (auto& a : args) argv.push_back(a.data());
    argv.push_back(nullptr);
    pid_t pid = 0;
    REQUIRE(posix_spawn(&pid, cli.c_str(), nullptr, nullptr, argv.data(), environ) == 0);
    return pid;
}

bool run(const std::string& command) { return std::system((command + " >/dev/null 2>&1").c_str()) == 0; }

// A small tmpfs mounted for one test (the test runs as root here); unmounted when the object dies.
struct TmpfsMount {
    std::string dir;
    bool mounted = false;
    TmpfsMount(std::string where, const std::string& options) : dir(std::move(where)) {
        fs::create_directories(dir);
        mounted = ::geteuid() == 0 && run("mount -t tmpfs -o " + options + " tmpfs '" + dir + "'");
    }
    ~TmpfsMount() {
        if (mounted) run("umount '" + dir + "'");
    }
};

} // namespace

TEST_CASE("cli hardening: import t.json -o t.json refuses and leaves the trace as it was", "[hardening][cli]") {
    std::string dir = cliTempDir();
    const std::string text = R"([{"ph":"X","name":"k","pid":1,"tid":1,"ts":1,"dur":5}])";
    std::string trace = write(dir + "/t.json", text);
    CliResult r = runCli({"import", trace, "-o", trace});
    CHECK(r.exitCode == 2);
    CHECK(r.err.find("would-overwrite") != std::string::npos);
    CHECK(r.err.find(trace) != std::string::npos);
    CHECK(readAll(trace) == text);
    std::string notes = write(dir + "/notes.txt", "keep me");
    r = runCli({"import", trace, "-o", notes});
    CHECK(r.exitCode == 2);
    CHECK(readAll(notes) == "keep me");
}

TEST_CASE("cli hardening: crafted stores end with exit 2 and a message naming the store", "[hardening][cli]") {
    std::string dir = cliTempDir();
    std::string store = dir + "/s.sqlite";
    REQUIRE(runCli({"import", bundledSample(), "-o", store, "--quiet"}).exitCode == 0);
    SECTION("slice_count 4e9") {
        opscope::Database(store, opscope::Database::Mode::ReadWrite).exec("UPDATE track SET slice_count = 4000000000");
        for (const char* command : {"stats", "bubbles", "diagnose", "info"}) {
            CliResult r = runCli({command, store});
            INFO(command << ": " << r.err);
            CHECK(r.exitCode == 2);
            CHECK(r.err.find("bad-store") != std::string::npos);
            CHECK(r.err.find(store) != std::string::npos);
        }
        for (const char* view : {"stats", "heatmap"}) {
            CliResult shot = runCli({"screenshot", store, "--view", view, "-o", dir + "/x.png"});
            INFO(view);
            CHECK(shot.exitCode == (OPSCOPE_CLI_RENDERS ? 2 : 3)); // without the GUI: no renderer, exit 3
        }
    }
    SECTION("track id 9e9") {
        opscope::Database(store, opscope::Database::Mode::ReadWrite)
            .exec("UPDATE track SET id = 9000000000 WHERE id = (SELECT min(id) FROM track); "
                  "UPDATE slice SET track_id = 9000000000 WHERE track_id = (SELECT min(track_id) FROM slice)");
        for (const char* command : {"stats", "bubbles", "diagnose"}) {
            CliResult r = runCli({command, store});
            INFO(command << ": " << r.err);
            CHECK(r.exitCode == 2);
            CHECK(r.err.find(store) != std::string::npos);
        }
        for (const char* view : {"stats", "heatmap"}) {
            CliResult shot = runCli({"screenshot", store, "--view", view, "-o", dir + "/x.png"});
            INFO(view);
            CHECK(shot.exitCode == (OPSCOPE_CLI_RENDERS ? 2 : 3));
        }
    }
    SECTION("no track table") {
        opscope::Database(store, opscope::Database::Mode::ReadWrite).exec("DROP TABLE track");
        CliResult r = runCli({"info", store});
        CHECK(r.exitCode == 2);
        CHECK(r.err.find("the table track") != std::string::npos);
    }
}

TEST_CASE("cli hardening: query is read-only, one statement, limited, errors on stderr", "[hardening][cli]") {
    std::string dir = cliTempDir();
    std::string store = dir + "/s.sqlite";
    REQUIRE(runCli({"import", bundledSample(), "-o", store, "--quiet"}).exitCode == 0);
    CliResult vacuum = runCli({"query", store, "VACUUM INTO '" + dir + "/copy.sqlite'"});
    CHECK(vacuum.exitCode == 2);
    CHECK(vacuum.out.empty());
    CHECK_FALSE(fs::exists(dir + "/copy.sqlite"));
    CliResult two = runCli({"query", store, "SELECT 1; SELECT 2"});
    CHECK(two.exitCode == 2);
    CHECK(two.err.find("one statement") != std::string::npos);
    CliResult forever = runCli({"query", store, "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n) "
                                                "SELECT count(*) FROM n", "--timeout-ms", "300"});
    CHECK(forever.exitCode == 2);
    CHECK(forever.err.find("--timeout-ms") != std::string::npos);
    const std::string three = "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 3) SELECT i FROM n";
    CliResult limited = runCli({"query", store, three, "--max-rows", "2"});
    CHECK(limited.exitCode == 2);
    CHECK(limited.out == "i\r\n1\r\n2\r\n"); // the rows so far on stdout, the reason only on stderr
    CHECK(limited.err.find("--max-rows") != std::string::npos);
    CliResult exact = runCli({"query", store, three, "--max-rows", "3"});
    CHECK(exact.exitCode == 0);
    CHECK(exact.out == "i\r\n1\r\n2\r\n3\r\n");
    CHECK(exact.err.empty());
}

TEST_CASE("cli hardening: a store path with '#', '?' and '%' reopens", "[hardening][cli]") {
    std::string dir = cliTempDir();
    std::string store = dir + "/a #b ?c=%41.sqlite";
    REQUIRE(runCli({"import", bundledSample(), "-o", store, "--quiet"}).exitCode == 0);
    CliResult r = runCli({"query", store, "SELECT count(*) > 0 AS ok FROM slice"});
    INFO(r.err);
    CHECK(r.exitCode == 0);
    CHECK(r.out == "ok\r\n1\r\n");
    CHECK(tempFilesIn(dir).empty());
}

TEST_CASE("cli hardening: baseline files of the wrong types and bad graphs exit 2", "[hardening][cli]") {
    std::string dir = cliTempDir();
    std::string store = dir + "/s.sqlite";
    REQUIRE(runCli({"import", bundledSample(), "-o", store, "--quiet"}).exitCode == 0);
    std::string base = write(dir + "/b.json", R"({"format":1,"version":"1"})");
    CHECK(runCli({"baseline", "show", base}).exitCode == 2);
    CHECK(runCli({"compare", base, store}).exitCode == 2);
    for (const std::string& graph : {std::string("[1e309"), std::string(R"({"format":"opscope-graph","direction":false,"nodes":[{"name":"n"}]})")}) {
        std::string path = write(dir + "/g.graph.json", graph);
        CliResult r = runCli({"graph", "import", store, path});
        INFO(r.err);
        CHECK(r.exitCode == 2);
        CHECK(r.err.find(path) != std::string::npos);
    }
}

TEST_CASE("cli hardening: a bad *_et.json beside the trace (found on its own) ends with exit 2 naming it",
          "[hardening][cli]") {
    // The GUI's graph dock and `graph import STORE` without a graph look for it beside the trace.
    std::string dir = cliTempDir();
    std::string trace = write(dir + "/run.json", R"([{"ph":"X","name":"k","cat":"kernel","pid":1,"tid":1,"ts":1,"dur":5}])");
    std::string et = write(dir + "/run_et.json", "[1e309");
    REQUIRE(runCli({"import", trace, "--quiet"}).exitCode == 0);
    CliResult r = runCli({"graph", "import", trace});
    INFO(r.err);
    CHECK(r.exitCode == 2);
    CHECK(r.err.find(et) != std::string::npos);
    CHECK(readAll(et) == "[1e309"); // the file is left as it was
}

TEST_CASE("cli hardening: invalid UTF-8 in names imports, then baseline save works", "[hardening][cli]") {
    std::string dir = cliTempDir();
    std::string trace = write(dir + "/t.json", "[{\"ph\":\"X\",\"name\":\"k\xFF\\ud800\",\"cat\":\"kernel\",\"pid\":1,"
                                               "\"tid\":1,\"ts\":1,\"dur\":5}]");
    CliResult imported = runCli({"import", trace});
    CHECK(imported.exitCode == 0);
    CliResult saved = runCli({"baseline", "save", trace, "-o", dir + "/base.json"});
    INFO(saved.err);
    CHECK(saved.exitCode == 0);
}

TEST_CASE("cli hardening: kill -9 during an import keeps the earlier store, the next import cleans up",
          "[hardening][cli]") {
    std::string dir = cliTempDir();
    std::string store = dir + "/s.sqlite";
    std::string small = write(dir + "/small.json", R"([{"ph":"X","name":"k","pid":1,"tid":1,"ts":1,"dur":5}])");
    REQUIRE(runCli({"import", small, "-o", store, "--quiet"}).exitCode == 0);
    const std::string earlier = readAll(store);
    std::string large = writeLargeTrace(dir + "/large.json", 600'000);

    const pid_t pid = spawnCli({"import", large, "-o", store, "--quiet"});
    const std::string temp = store + ".tmp-" + std::to_string(pid);
    auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(20);
    // Killed once its temporary store has grown: mid-import, with rows written.
    while (std::chrono::steady_clock::now() < deadline && !(fs::exists(temp) && fs::file_size(temp) > 64 * 1024))
        std::this_thread::sleep_for(std::chrono::milliseconds(5));
    ::kill(pid, SIGKILL);
    int status = 0;
    ::waitpid(pid, &status, 0);
    REQUIRE(WIFSIGNALED(status));
    CHECK(readAll(store) == earlier); // byte-identical
    CHECK(fs::exists(temp));          // what kill -9 leaves behind ...
    CliResult next = runCli({"import", small, "-o", dir + "/other.sqlite", "--quiet"});
    CHECK(next.exitCode == 0);
    CHECK(tempFilesIn(dir).empty());  // ... the next import into the folder removes
}

TEST_CASE("cli hardening: a full disk ends with exit 3, the earlier store intact and no temporary left",
          "[hardening][cli]") {
    std::string dir = cliTempDir();
    std::string large = writeLargeTrace(dir + "/large.json", 60'000);
    TmpfsMount disk(dir + "/disk", "size=2m"); // room for the earlier store, not for the new one
    std::string store = disk.dir + "/s.sqlite";
    if (disk.mounted) {
        std::string small = write(dir + "/small.json", R"([{"ph":"X","name":"k","pid":1,"tid":1,"ts":1,"dur":5}])");
        REQUIRE(runCli({"import", small, "-o", store, "--quiet"}).exitCode == 0);
        const std::string earlier = readAll(store);
        CliResult r = runCli({"import", large, "-o", store});
        INFO(r.err);
        CHECK(r.exitCode == 3);
        CHECK(r.err.find("store-failed") != std::string::npos);
        CHECK(readAll(store) == earlier);
        CHECK(tempFilesIn(disk.dir).empty());
    } else {
        // Without root: the file size limit stands in for the full disk (SIGXFSZ ignored: writes fail).
        struct rlimit old {};
        ::getrlimit(RLIMIT_FSIZE, &old);
        struct rlimit small {1 << 20, old.rlim_max};
        auto previous = std::signal(SIGXFSZ, SIG_IGN);
        ::setrlimit(RLIMIT_FSIZE, &small);
        CliResult r = runCli({"import", large, "-o", dir + "/s.sqlite"});
        ::setrlimit(RLIMIT_FSIZE, &old);
        std::signal(SIGXFSZ, previous);
        INFO(r.err);
        CHECK(r.exitCode == 3);
        CHECK(tempFilesIn(dir).empty());
    }
}

TEST_CASE("cli hardening: a read-only folder: -o into it fails cleanly; a trace in it is stored in the cache",
          "[hardening][cli]") {
    std::string dir = cliTempDir();
    TmpfsMount folder(dir + "/ro", "size=1m");
    if (!folder.mounted) {
        WARN("not root: the read-only folder test needs a tmpfs mount");
        return;
    }
    const std::string text = R"([{"ph":"X","name":"k","pid":1,"tid":1,"ts":1,"dur":5}])";
    std::string trace = write(folder.dir + "/t.json", text);
    REQUIRE(run("mount -o remount,ro '" + folder.dir + "'"));
    std::string elsewhere = write(dir + "/e.json", text);
    CliResult into = runCli({"import", elsewhere, "-o", folder.dir + "/s.sqlite"});
    CHECK(into.exitCode == 3);
    CHECK(into.err.find("store-failed") != std::string::npos);
    CliResult beside = runCli({"import", trace}, {"XDG_CACHE_HOME=" + dir + "/cache"});
    INFO(beside.err);
    CHECK(beside.exitCode == 0);
    CHECK(beside.out.find(dir + "/cache/opscope/") != std::string::npos);
    std::vector<std::string> names;
    for (const auto& e : fs::directory_iterator(folder.dir)) names.push_back(e.path().filename().string());
    CHECK(names == std::vector<std::string>{"t.json"});
}

namespace {

// A trace of `depth` B events nested in one another, then their E events.
std::string writeNestedTrace(const std::string& path, int depth) {
    std::ofstream out(path, std::ios::binary);
    out << "[";
    for (int i = 0; i < depth; ++i) out << R"({"ph":"B","name":"b","pid":1,"tid":1,"ts":)" << i << "},\n";
    for (int i = 0; i < depth; ++i) out << R"({"ph":"E","pid":1,"tid":1,"ts":)" << 2 * depth - i << "},\n";
    out << "{}]";
    return path;
}

// The peak resident memory (KiB) of one `opscope-cli import TRACE -o STORE`, from the child's own rusage.
long importPeakKiB(const std::string& trace, const std::string& store) {
    const pid_t pid = spawnCli({"import", trace, "-o", store, "--quiet"});
    int status = 0;
    struct rusage usage {};
    REQUIRE(::wait4(pid, &status, 0, &usage) == pid);
    REQUIRE(WIFEXITED(status));
    REQUIRE(WEXITSTATUS(status) == 0);
    return usage.ru_maxrss;
}

} // namespace

// Case 12: memory grew with nesting depth (20 million nested events took 3.5 GB). Beyond kMaxSliceDepth
// the nesting is counted, not held, so ten times the depth costs no more memory.
TEST_CASE("cli hardening: an import's memory does not grow with nesting depth", "[hardening][cli]") {
    std::string dir = cliTempDir();
    const long shallowKiB = importPeakKiB(writeNestedTrace(dir + "/n20k.json", 20'000), dir + "/a.sqlite");
    const long deepKiB = importPeakKiB(writeNestedTrace(dir + "/n200k.json", 200'000), dir + "/b.sqlite");
    INFO("20,000 deep: " << shallowKiB << " KiB; 200,000 deep: " << deepKiB << " KiB");
    // 180,000 more open slices held at even 100 bytes each would be 17 MiB more.
    CHECK(deepKiB - shallowKiB < 8 * 1024);
    opscope::Database db(dir + "/b.sqlite", opscope::Database::Mode::ReadOnly);
    CHECK(db.scalarInt("SELECT coalesce(sum(count), 0) FROM warning WHERE code = 'nesting_too_deep'") == 200'000 - 1024);
}
