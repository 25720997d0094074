// `import --partial`: a trace cut off inside an event (a crashed job's dump) imports up to the cut with a
// warning naming the byte offset; without --partial it stays an error (exit 2).
#include "cli_runner.h"

#include <catch2/catch.hpp>

#include <fstream>
#include <string>

using namespace opscope::test;

namespace {

// Two whole events, then the start of a third cut off where `tail` ends.
struct CutTrace {
    std::string head = R"({"traceEvents": [{"name": "a", "ph": "X", "ts": 1, "dur": 2, "pid": 1, "tid": 1}, )"
                       R"({"name": "b", "ph": "X", "ts": 5, "dur": 2, "pid": 1, "tid": 1}, )";
    std::string path;
    CutTrace(const std::string& dir, const std::string& name, const std::string& tail) : path(dir + "/" + name) {
        std::ofstream(path) << head << tail;
    }
    std::string cutMessage() const {
        return "cut off at byte " + std::to_string(head.size()) + "; imported the events before it";
    }
};

void checkBothWays(const CutTrace& trace, const std::string& dir) {
    const std::string store = dir + "/cut.opscope.sqlite";
    const CliResult strict = runCli({"import", trace.path, "-o", store});
    CHECK(strict.exitCode == 2);
    CHECK(strict.err.find("byte " + std::to_string(trace.head.size())) != std::string::npos);
    CHECK(strict.err.find("--partial imports the events before the cut") != std::string::npos);

    const CliResult partial = runCli({"import", trace.path, "-o", store, "--partial"});
    INFO(partial.err);
    CHECK(partial.exitCode == 0);
    CHECK(partial.err.find(trace.cutMessage()) != std::string::npos);
    CHECK(partial.out.find("slices:       2\n") != std::string::npos);
    CHECK(partial.out.find("trace_cut_off") != std::string::npos);
    // --quiet keeps the warning: the store is not the whole trace.
    const CliResult quiet = runCli({"import", trace.path, "-o", dir + "/q.opscope.sqlite", "--partial", "--quiet"});
    CHECK(quiet.exitCode == 0);
    CHECK(quiet.out.empty());
    CHECK(quiet.err.find(trace.cutMessage()) != std::string::npos);
}

} // namespace

TEST_CASE("cli: import --partial keeps the events before a cut inside a string", "[cli][partial_import]") {
    const std::string dir = cliTempDir();
    checkBothWays(CutTrace(dir, "in_string.json", R"({"name": "kern)"), dir);
}

TEST_CASE("cli: import --partial keeps the events before a cut at a token boundary inside an event", "[cli][partial_import]") {
    const std::string dir = cliTempDir();
    checkBothWays(CutTrace(dir, "at_token.json", R"({"name": "c", "ph": "X",)"), dir);
    const std::string dir2 = cliTempDir();
    checkBothWays(CutTrace(dir2, "in_number.json", R"({"name": "c", "ph": "X", "ts": 12)"), dir2);
}

TEST_CASE("cli: a trace cut between events opens without --partial, with its warning", "[cli][partial_import]") {
    // Neither the array nor the object closes, but no event is cut: nothing is lost, so this was never an error.
    const std::string dir = cliTempDir();
    const CutTrace trace(dir, "between.json", "");
    const CliResult r = runCli({"import", trace.path, "-o", dir + "/b.opscope.sqlite"});
    CHECK(r.exitCode == 0);
    CHECK(r.out.find("unterminated_object") != std::string::npos); // the "{\"traceEvents\": [" form
    CHECK(r.err.find("cut off") == std::string::npos);
}

TEST_CASE("cli: --partial on a whole trace changes nothing", "[cli][partial_import]") {
    const std::string dir = cliTempDir();
    const CutTrace trace(dir, "whole.json", R"({"name": "c", "ph": "X", "ts": 9, "dur": 1, "pid": 1, "tid": 1}]})");
    const CliResult r = runCli({"import", trace.path, "-o", dir + "/w.opscope.sqlite", "--partial"});
    CHECK(r.exitCode == 0);
    CHECK(r.out.find("slices:       3\n") != std::string::npos);
    CHECK(r.err.find("cut off") == std::string::npos);
}

TEST_CASE("cli: a store cut by --partial is not reused by a plain open of the trace", "[cli][partial_import]") {
    // The plain open reads the trace again and fails as a cut trace does, with the hint; the cut store stays, and
    // an open that asks for a cut trace (or names the store itself) still reuses it.
    const std::string dir = cliTempDir();
    const CutTrace trace(dir, "crashed.json", R"({"name": "kern)");
    const CliResult partial = runCli({"import", trace.path, "--partial"});
    REQUIRE(partial.exitCode == 0);
    const std::string storeLine = partial.out.substr(0, partial.out.find('\n'));
    REQUIRE(storeLine.rfind("store:", 0) == 0);
    const std::string store = storeLine.substr(storeLine.find_first_not_of(' ', 6));

    const CliResult plain = runCli({"import", trace.path});
    CHECK(plain.exitCode == 2);
    CHECK(plain.out.find("reused") == std::string::npos);
    CHECK(plain.err.find("byte " + std::to_string(trace.head.size())) != std::string::npos);
    CHECK(plain.err.find("--partial imports the events before the cut") != std::string::npos);

    const CliResult stats = runCli({"stats", trace.path});
    CHECK(stats.exitCode == 2);
    CHECK(stats.err.find("import --partial") != std::string::npos);

    const CliResult again = runCli({"import", trace.path, "--partial"});
    CHECK(again.exitCode == 0);
    CHECK(again.out.find("(up to date, reused)") != std::string::npos);
    CHECK(again.err.find(trace.cutMessage()) != std::string::npos);

    const CliResult byStore = runCli({"info", store});
    INFO(byStore.err);
    CHECK(byStore.exitCode == 0);
    CHECK(byStore.out.find("slices:       2\n") != std::string::npos);
    CHECK(byStore.out.find("trace_cut_off") != std::string::npos);
}
