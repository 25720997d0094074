#include "layering/layering_rules.h"

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <regex>

namespace opscope::layering {

namespace {

bool startsWith(const std::string& text, const std::string& prefix) { return text.rfind(prefix, 0) == 0; }

int lineAt(const std::string& text, std::size_t offset) {
    return 1 + static_cast<int>(std::count(text.begin(), text.begin() + static_cast<std::ptrdiff_t>(offset), '\n'));
}

// opscope's own tables and views (docs/schema.md).
const char* kOurTables =
    "meta|stat|warning|source_file|string|device|process|thread|track|args|slice|counter|flow|metric_key|"
    "slice_metric|graph|graph_node|graph_edge|graph_node_slice|slice_view|metric_view|launch_link";

bool hasOurSql(const std::string& sql) {
    // Upper-case keywords as the code writes SQL, or any case after a SELECT; English text ("slices from
    // the device") does not match.
    static const std::regex keyword(std::string("\\b(FROM|JOIN|INTO|UPDATE|TABLE)\\s+(") + kOurTables + ")\\b");
    static const std::regex anyCase(std::string("\\bselect\\b[\\s\\S]*?\\b(from|join)\\s+(") + kOurTables + ")\\b",
                                    std::regex::icase);
    return std::regex_search(sql, keyword) || std::regex_search(sql, anyCase);
}

struct IncludeLine {
    std::string target;
    int line;
};

std::vector<IncludeLine> includes(const std::string& content) {
    static const std::regex include("^\\s*#\\s*include\\s*[<\"]([^>\"]+)[>\"]");
    std::vector<IncludeLine> out;
    int line = 1;
    std::size_t start = 0;
    while (start <= content.size()) {
        std::size_t end = content.find('\n', start);
        if (end == std::string::npos) end = content.size();
        std::smatch m;
        const std::string text = content.substr(start, end - start);
        if (std::regex_search(text, m, include)) out.push_back({m[1].str(), line});
        ++line;
        start = end + 1;
    }
    return out;
}

void add(std::vector<Violation>* out, Rule rule, const std::string& path, int line, std::string excerpt) {
    if (excerpt.size() > 80) excerpt = excerpt.substr(0, 77) + "...";
    out->push_back({rule, path, line, std::move(excerpt)});
}

} // namespace

const char* ruleName(Rule rule) {
    switch (rule) {
    case Rule::SqlOutsideStore: return "sql-outside-core-store";
    case Rule::DatabaseInUi: return "database-in-widgets-or-app";
    case Rule::StoreIncludesImporter: return "core-store-includes-importers";
    case Rule::QtInCore: return "qt-in-core";
    case Rule::CliIncludesGui: return "cli-includes-gui";
    case Rule::WriteOutsideStore: return "store-written-outside-core-store";
    case Rule::RenderIncludesGui: return "render-includes-gui";
    case Rule::ImporterBypassesSink: return "importer-bypasses-sink";
    }
    return "?";
}

std::vector<Literal> stringLiterals(const std::string& s) {
    std::vector<Literal> out;
    bool joinNext = false; // only whitespace since the last literal: adjacent literals concatenate
    for (std::size_t i = 0; i < s.size();) {
        const char c = s[i];
        if (c == '/' && i + 1 < s.size() && s[i + 1] == '/') {
            i = s.find('\n', i);
            if (i == std::string::npos) break;
            continue;
        }
        if (c == '/' && i + 1 < s.size() && s[i + 1] == '*') {
            std::size_t end = s.find("*/", i + 2);
            i = end == std::string::npos ? s.size() : end + 2;
            continue;
        }
        if (c == '\'') { // a character literal: skip it, escapes included
            std::size_t j = i + 1;
            while (j < s.size() && s[j] != '\'') j += s[j] == '\\' ? 2 : 1;
            i = j + 1;
            joinNext = false;
            continue;
        }
        const bool raw = c == 'R' && i + 1 < s.size() && s[i + 1] == '"' &&
                         (i == 0 || !(std::isalnum(static_cast<unsigned char>(s[i - 1])) || s[i - 1] == '_') ||
                          s[i - 1] == 'u' || s[i - 1] == 'U' || s[i - 1] == 'L' || s[i - 1] == '8');
        if (raw) {
            std::size_t open = s.find('(', i + 2);
            if (open == std::string::npos) break;
            const std::string close = ")" + s.substr(i + 2, open - i - 2) + "\"";
            std::size_t end = s.find(close, open + 1);
            if (end == std::string::npos) end = s.size();
            std::string text = s.substr(open + 1, end - open - 1);
            if (joinNext && !out.empty()) out.back().text += " " + text;
            else out.push_back({text, lineAt(s, i)});
            joinNext = true;
            i = std::min(s.size(), end + close.size());
            continue;
        }
        if (c == '"') {
            std::string text;
            std::size_t j = i + 1;
            while (j < s.size() && s[j] != '"' && s[j] != '\n') {
                if (s[j] == '\\' && j + 1 < s.size()) {
                    text.push_back(s[j + 1] == 'n' ? '\n' : s[j + 1]);
                    j += 2;
                } else {
                    text.push_back(s[j++]);
                }
            }
            if (joinNext && !out.empty()) out.back().text += text;
            else out.push_back({text, lineAt(s, i)});
            joinNext = true;
            i = j + 1;
            continue;
        }
        if (!std::isspace(static_cast<unsigned char>(c))) joinNext = false;
        ++i;
    }
    return out;
}

std::vector<Violation> checkFile(const std::string& path, const std::string& content) {
    std::vector<Violation> out;
    const bool inCore = startsWith(path, "core/");
    const bool inStore = startsWith(path, "core/store/");
    const bool inUi = startsWith(path, "widgets/") || startsWith(path, "app/");
    const bool inCli = startsWith(path, "app/cli/");
    const bool inRender = startsWith(path, "app/render/") || startsWith(path, "app/cli_render/");
    const bool inImporters = startsWith(path, "core/importers/");

    if (!inStore && (inCore || inUi))
        for (const Literal& literal : stringLiterals(content))
            if (hasOurSql(literal.text)) add(&out, Rule::SqlOutsideStore, path, literal.line, literal.text);

    for (const IncludeLine& inc : includes(content)) {
        if (inUi && (inc.target == "core/store/sqlite_db.h" || inc.target == "sqlite3.h"))
            add(&out, Rule::DatabaseInUi, path, inc.line, "#include " + inc.target);
        if (inStore && startsWith(inc.target, "core/importers/"))
            add(&out, Rule::StoreIncludesImporter, path, inc.line, "#include " + inc.target);
        // Importers write through the sink (core/model/trace_sink.h) alone; the SQLite wrapper is for
        // reading foreign databases (msprof and torch_npu .db exports, cluster_analysis.db).
        if (inImporters && startsWith(inc.target, "core/store/") && inc.target != "core/store/sqlite_db.h")
            add(&out, Rule::ImporterBypassesSink, path, inc.line, "#include " + inc.target);
        if (inCore && (inc.target[0] == 'Q' || startsWith(inc.target, "qt") || startsWith(inc.target, "Qt")) &&
            inc.target.find('/') == std::string::npos)
            add(&out, Rule::QtInCore, path, inc.line, "#include " + inc.target);
        if (inCore && (startsWith(inc.target, "QtCore/") || startsWith(inc.target, "QtGui/") ||
                       startsWith(inc.target, "QtWidgets/")))
            add(&out, Rule::QtInCore, path, inc.line, "#include " + inc.target);
        if (inCli && (startsWith(inc.target, "app/gui/") || startsWith(inc.target, "app/render/") ||
                      startsWith(inc.target, "widgets/")))
            add(&out, Rule::CliIncludesGui, path, inc.line, "#include " + inc.target);
        if (inRender && startsWith(inc.target, "app/gui/"))
            add(&out, Rule::RenderIncludesGui, path, inc.line, "#include " + inc.target);
    }

    // The store has one writer: the import's StoreWriter and the graph's rows, both in core/store. The run
    // history (core/history) keeps a database of its own, not a trace store.
    if (!inStore && !startsWith(path, "core/history/") && (inCore || inUi)) {
        static const std::regex writes("\\b(Database::Mode::(ReadWrite|Create)|SQLITE_OPEN_READWRITE|SQLITE_OPEN_CREATE)\\b");
        std::smatch m;
        std::string::const_iterator from = content.begin();
        while (std::regex_search(from, content.end(), m, writes)) {
            const std::size_t offset = static_cast<std::size_t>(m[0].first - content.begin());
            add(&out, Rule::WriteOutsideStore, path, lineAt(content, offset), m[0].str());
            from = m[0].second;
        }
    }

    if (inImporters) { // the store's database reached through its writer
        static const std::regex reaches("(\\.|->)\\s*database\\s*\\(\\s*\\)");
        std::smatch m;
        std::string::const_iterator from = content.begin();
        while (std::regex_search(from, content.end(), m, reaches)) {
            const std::size_t offset = static_cast<std::size_t>(m[0].first - content.begin());
            add(&out, Rule::ImporterBypassesSink, path, lineAt(content, offset), m[0].str());
            from = m[0].second;
        }
    }

    if (inUi) { // opening a database without including the wrapper directly
        static const std::regex opens("\\b(Database\\s*\\([^)]*Database::Mode|Database::Mode::|sqlite3_open\\w*\\s*\\("
                                      "|openStoreReadOnly\\s*\\()");
        std::smatch m;
        std::string::const_iterator from = content.begin();
        while (std::regex_search(from, content.end(), m, opens)) {
            const std::size_t offset = static_cast<std::size_t>(m[0].first - content.begin());
            add(&out, Rule::DatabaseInUi, path, lineAt(content, offset), m[0].str());
            from = m[0].second;
        }
    }
    return out;
}

std::vector<std::string> sourceFiles(const std::string& root) {
    namespace fs = std::filesystem;
    std::vector<std::string> out;
    for (const char* top : {"core", "app", "widgets"}) {
        std::error_code ec;
        for (auto it = fs::recursive_directory_iterator(fs::path(root) / top, ec); it != fs::recursive_directory_iterator();
             it.increment(ec)) {
            const std::string ext = it->path().extension().string();
            if (it->is_regular_file() && (ext == ".cpp" || ext == ".h"))
                out.push_back(fs::relative(it->path(), root).generic_string());
        }
    }
    std::sort(out.begin(), out.end());
    return out;
}

} // namespace opscope::layering
