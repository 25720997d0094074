// The layering rules of ARCHITECTURE.md: the tree breaks none of them (beyond the listed files still to
// move), and each rule fires on a planted violation.
#include "layering/layering_rules.h"

#include <catch2/catch.hpp>

#include <fstream>
#include <set>
#include <sstream>

using namespace opscope::layering;

namespace {

std::string readText(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    std::ostringstream text;
    text << in.rdbuf();
    return text.str();
}

// "rule path" lines: files that broke a rule before it was enforced, to be moved (issue #13). An entry
// that no longer breaks its rule fails the test, so the list only shrinks.
std::set<std::pair<std::string, std::string>> knownViolations() {
    std::set<std::pair<std::string, std::string>> out;
    std::istringstream lines(readText(std::string(OPSCOPE_SOURCE_DIR) + "/tests/layering/known_violations.txt"));
    std::string line;
    while (std::getline(lines, line)) {
        if (line.empty() || line[0] == '#') continue;
        std::istringstream fields(line);
        std::string rule, path;
        fields >> rule >> path;
        out.insert({rule, path});
    }
    return out;
}

bool fires(const std::vector<Violation>& found, Rule rule) {
    for (const Violation& v : found)
        if (v.rule == rule) return true;
    return false;
}

} // namespace

TEST_CASE("layering: the tree keeps the rules, known files aside", "[layering]") {
    const std::string root = OPSCOPE_SOURCE_DIR;
    auto known = knownViolations();
    std::set<std::pair<std::string, std::string>> seen;
    std::vector<std::string> files = sourceFiles(root);
    REQUIRE(files.size() > 100);
    for (const std::string& file : files) {
        for (const Violation& v : checkFile(file, readText(root + "/" + file))) {
            std::pair<std::string, std::string> key{ruleName(v.rule), v.path};
            seen.insert(key);
            if (known.count(key)) continue;
            FAIL_CHECK(ruleName(v.rule) << ": " << v.path << ":" << v.line << ": " << v.excerpt);
        }
    }
    for (const auto& entry : known)
        if (!seen.count(entry))
            FAIL_CHECK("no longer broken, remove from tests/layering/known_violations.txt: " << entry.first << " "
                                                                                           << entry.second);
}

TEST_CASE("layering: SQL over our tables outside core/store fires, in raw literals too", "[layering]") {
    CHECK(fires(checkFile("core/analysis/x.cpp", "auto st = db.prepare(\"SELECT id FROM slice WHERE ts > ?\");"),
                Rule::SqlOutsideStore));
    CHECK(fires(checkFile("widgets/x/y.cpp", "const char* q = R\"sql(\n  select name\n  from track\n)sql\";"),
                Rule::SqlOutsideStore));
    CHECK(fires(checkFile("app/gui/x.cpp", "std::string q = \"SELECT value \"\n   \"FROM meta\";"),
                Rule::SqlOutsideStore));
    // Inside core/store, in a comment, in English text, or over a foreign database's tables: fine.
    CHECK(checkFile("core/store/x_reader.cpp", "db.prepare(\"SELECT id FROM slice\");").empty());
    CHECK(checkFile("core/analysis/x.cpp", "// reads SELECT id FROM slice through the reader").empty());
    CHECK(checkFile("core/analysis/x.cpp", "const char* t = \"gaps between slices from the device\";").empty());
    CHECK(checkFile("core/importers/ascend/x.cpp", "db.prepare(\"SELECT startNs FROM TASK\");").empty());
}

TEST_CASE("layering: widgets and app do not touch the database", "[layering]") {
    CHECK(fires(checkFile("widgets/heatmap/v.cpp", "#include \"core/store/sqlite_db.h\"\n"), Rule::DatabaseInUi));
    CHECK(fires(checkFile("app/cli/q.cpp", "#include <sqlite3.h>\n"), Rule::DatabaseInUi));
    CHECK(fires(checkFile("app/gui/w.cpp", "db_ = Database(path, Database::Mode::ReadOnly);"), Rule::DatabaseInUi));
    CHECK(fires(checkFile("widgets/a/b.cpp", "if (!openStoreReadOnly(path, &db, &error)) return;"), Rule::DatabaseInUi));
    CHECK(checkFile("core/analysis/a.cpp", "#include \"core/store/sqlite_db.h\"\n").empty());
    CHECK(checkFile("widgets/a/b.cpp", "#include \"core/session/trace_session.h\"\n").empty());
}

TEST_CASE("layering: only core/store opens a store for writing", "[layering]") {
    CHECK(fires(checkFile("core/session/graph_query.cpp", "Database db(storePath, Database::Mode::ReadWrite);"),
                Rule::WriteOutsideStore));
    CHECK(fires(checkFile("core/importers/graph/w.cpp", "*db = Database(path, Database::Mode::Create);"),
                Rule::WriteOutsideStore));
    CHECK(fires(checkFile("core/analysis/a.cpp", "sqlite3_open_v2(path, &h, SQLITE_OPEN_READWRITE, nullptr);"),
                Rule::WriteOutsideStore));
    CHECK(fires(checkFile("widgets/graph/g.cpp", "Database db(path, Database::Mode::ReadWrite);"),
                Rule::WriteOutsideStore));
    CHECK_FALSE(fires(checkFile("core/session/s.cpp", "Database db(storePath, Database::Mode::ReadOnly);"),
                      Rule::WriteOutsideStore));
    CHECK(checkFile("core/store/graph_row_writer.cpp", "*db = Database(storePath, Database::Mode::ReadWrite);").empty());
    CHECK(checkFile("core/history/history_store.cpp", "Database db(path, Database::Mode::Create);").empty());
}

TEST_CASE("layering: core/store knows no importer, core no Qt, the CLI no GUI", "[layering]") {
    CHECK(fires(checkFile("core/store/trace_store.cpp", "#include \"core/importers/ascend/ascend_importer.h\"\n"),
                Rule::StoreIncludesImporter));
    CHECK(checkFile("core/session/s.cpp", "#include \"core/importers/registry/importer_registry.h\"\n").empty());
    CHECK(fires(checkFile("core/analysis/a.h", "#include <QString>\n"), Rule::QtInCore));
    CHECK(fires(checkFile("core/model/m.h", "#include <QtCore/QObject>\n"), Rule::QtInCore));
    CHECK(checkFile("widgets/a/b.h", "#include <QString>\n").empty());
    CHECK(fires(checkFile("app/cli/x_command.cpp", "#include \"app/gui/main_window.h\"\n"), Rule::CliIncludesGui));
    CHECK(fires(checkFile("app/cli/x_command.cpp", "#include \"app/render/report_images.h\"\n"), Rule::CliIncludesGui));
    CHECK(fires(checkFile("app/cli/x_command.cpp", "#include \"widgets/common/zoom_control.h\"\n"), Rule::CliIncludesGui));
    CHECK(checkFile("app/cli_render/screenshot_command.cpp", "#include \"app/render/builtin_views.h\"\n").empty());
}

TEST_CASE("layering: the rendering library and the CLI's rendering commands stand without the main window", "[layering]") {
    CHECK(fires(checkFile("app/cli_render/screenshot_command.cpp", "#include \"app/gui/main_window.h\"\n"),
                Rule::RenderIncludesGui));
    CHECK(fires(checkFile("app/render/report_images.cpp", "#include \"app/gui/settings_dialog.h\"\n"),
                Rule::RenderIncludesGui));
    CHECK(checkFile("app/gui/main_window.cpp", "#include \"app/render/builtin_views.h\"\n").empty());
    CHECK(checkFile("app/render/report_images.cpp", "#include \"widgets/common/view_snapshot.h\"\n").empty());
}

TEST_CASE("layering: importers write through the sink, never the store", "[layering]") {
    CHECK(fires(checkFile("core/importers/ascend/x.cpp", "#include \"core/store/store_writer.h\"\n"),
                Rule::ImporterBypassesSink));
    CHECK(fires(checkFile("core/importers/x/y.h", "#include \"core/store/cluster_tables.h\"\n"),
                Rule::ImporterBypassesSink));
    CHECK(fires(checkFile("core/importers/x/y.cpp", "writeCommOps(ctx.writer.database(), \"c.json\", ops);"),
                Rule::ImporterBypassesSink));
    CHECK(fires(checkFile("core/importers/x/y.cpp", "Database& db = writer_->database ();"),
                Rule::ImporterBypassesSink));
    // The sink, the SQLite wrapper for foreign databases, and a foreign reader's own db(): fine.
    CHECK(checkFile("core/importers/x/y.cpp", "#include \"core/model/trace_sink.h\"\n").empty());
    CHECK(checkFile("core/importers/ascend/msprof_db.h", "#include \"core/store/sqlite_db.h\"\n").empty());
    CHECK(checkFile("core/importers/ascend/x.cpp", "Statement st = pass.db.db().prepare(q);").empty());
    // Outside core/importers the rule does not apply (the session and the store hold the writer).
    CHECK(checkFile("core/session/open_trace.cpp", "#include \"core/store/store_writer.h\"\n").empty());
    CHECK(checkFile("core/store/device_class_pass.cpp", "Database& db = writer.database();").empty());
}

TEST_CASE("layering: string literals are found whole, raw ones and joined ones", "[layering]") {
    auto lits = stringLiterals("a = \"x\\\"y\" \"z\"; // \"not\"\n/* \"no\" */ b = R\"d(raw \"q\")d\"; c = '\"';");
    REQUIRE(lits.size() == 2);
    CHECK(lits[0].text == "x\"yz");
    CHECK(lits[1].text == "raw \"q\"");
    CHECK(lits[1].line == 2);
}
