// The layering rules of ARCHITECTURE.md as a checker over source text: given a file's path (relative to
// the repository) and its content, the rules it breaks. The test runs it over the tree and over planted
// snippets, so each rule is shown to fire.
#pragma once
#include <string>
#include <vector>

namespace opscope::layering {

enum class Rule {
    SqlOutsideStore,      // SQL over opscope's own tables outside core/store (string and raw string literals)
    DatabaseInUi,         // widgets/ or app/ include the SQLite wrapper or open a database
    StoreIncludesImporter, // core/store includes core/importers
    QtInCore,             // core includes Qt
    CliIncludesGui,       // app/cli includes app/gui, app/render or widgets
    WriteOutsideStore,    // a store opened for writing (ReadWrite, Create) outside core/store
    RenderIncludesGui,    // app/render or app/cli_render include app/gui (the CLI links the render library only)
    ImporterBypassesSink, // core/importers includes core/store (but the SQLite wrapper) or calls database()
};

struct Violation {
    Rule rule;
    std::string path;
    int line = 0;
    std::string excerpt;
};

const char* ruleName(Rule rule);

// The rules `content` (the text of the file at `path`) breaks.
std::vector<Violation> checkFile(const std::string& path, const std::string& content);

// The text of every string literal of C++ source (ordinary and raw), adjacent literals joined with a
// space, with the line each starts on. Comments and character literals are skipped.
struct Literal {
    std::string text;
    int line = 0;
};
std::vector<Literal> stringLiterals(const std::string& source);

// Files under core/, app/ and widgets/ of the repository at root, as paths relative to it.
std::vector<std::string> sourceFiles(const std::string& root);

} // namespace opscope::layering
