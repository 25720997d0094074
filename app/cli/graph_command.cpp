// opscope-cli graph import STORE|TRACE [GRAPH] [--derive] [--layout] [--direction LR|TB]
// opscope-cli graph info STORE|TRACE [--unjoined N]
// Imports a computation graph into a trace's store, joins its nodes to the trace's operator slices
// and prints node/edge counts and the join rate by rule.
#include "app/cli/command_registry.h"
#include "core/analysis/graph/graph_join.h"
#include "core/analysis/graph/graph_layout.h"
#include "core/importers/graph/graph_import.h"

#include <chrono>
#include <cstdio>
#include <cstdlib>

namespace opscope::cli {

namespace {

const char* kHelp =
    "usage: opscope-cli graph import STORE|TRACE [GRAPH] [--derive] [--layout] [--direction LR|TB]\n"
    "       opscope-cli graph info STORE|TRACE [--unjoined N]\n"
    "import: reads GRAPH (opscope graph JSON, PyTorch Execution Trace, CANN offline-model JSON, GE\n"
    "        protobuf-text dump ge_proto_*_Build.txt; .gz too)\n"
    "        into the trace's store, replacing its previous graph, and joins nodes to operator slices.\n"
    "        Without GRAPH: a graph file found next to the trace, else (or with --derive) a graph\n"
    "        derived from the trace. --layout also computes and caches the layout.\n"
    "info:   the store's graph, its join by rule, and the most frequent executions no node matched.\n";

void printReport(const GraphImportReport& r, const std::string& source) {
    std::printf("graph:        %s (%s)\n", source.empty() ? "derived from the trace" : source.c_str(), r.format.c_str());
    std::printf("nodes:        %lld", static_cast<long long>(r.nodes));
    if (r.skippedNodes > 0) std::printf(" (%lld left out)", static_cast<long long>(r.skippedNodes));
    std::printf("\nedges:        %lld\n", static_cast<long long>(r.edges));
    if (r.invalidUtf8Replaced > 0)
        std::printf("warnings:     %lld invalid UTF-8 sequences replaced by U+FFFD (invalid_utf8_replaced)\n",
                    static_cast<long long>(r.invalidUtf8Replaced));
    std::printf("join rate:    %lld of %lld nodes joined (%.1f%%)\n", static_cast<long long>(r.joinedNodes),
                static_cast<long long>(r.nodes), r.joinRate() * 100.0);
    for (const auto& [rule, count] : r.nodesByRule)
        std::printf("  %-20s %lld nodes\n", rule.c_str(), static_cast<long long>(count));
    std::printf("executions:   %lld joined, %lld operator slices matched no node\n",
                static_cast<long long>(r.joinedExecutions), static_cast<long long>(r.unjoinedExecutions));
    if (!r.ambiguousNames.empty()) {
        // A generic name several nodes give as their original op would join them all to the same tasks.
        std::printf("ambiguous:    %zu trace name(s) are an original name of several nodes, joined to none:",
                    r.ambiguousNames.size());
        for (std::size_t i = 0; i < r.ambiguousNames.size() && i < 5; ++i)
            std::printf("%s %s", i == 0 ? "" : ",", r.ambiguousNames[i].c_str());
        std::printf("%s\n", r.ambiguousNames.size() > 5 ? ", ..." : "");
    }
}

std::shared_ptr<TraceSession> openStore(const std::string& input) {
    std::string error;
    std::shared_ptr<TraceSession> session = openSessionForReading(input, &error);
    if (!session) std::fprintf(stderr, "opscope-cli graph: %s\n", error.c_str());
    return session;
}

// Through the session's one graph write path: the layout is computed and cached in the store.
int layoutNow(TraceSession& session, LayoutDirection direction) {
    GraphLoadRequest request;
    request.deriveIfMissing = false;
    request.direction = direction;
    GraphLoadResult loaded = session.graph(request);
    if (!loaded.ok) {
        std::fprintf(stderr, "opscope-cli graph: %s\n", describe(loaded.error).c_str());
        return kExitFailure;
    }
    std::printf("layout:       %s, %.0f x %.0f pt, %.2f s (cached in the store)\n", layoutDirectionName(direction),
                loaded.graph.widthPt, loaded.graph.heightPt, loaded.layoutSeconds);
    return kExitOk;
}

int runImport(ArgParser& parser) {
    const bool derive = parser.flag("--derive");
    const bool layout = parser.flag("--layout");
    std::string direction = "LR";
    parser.option("--direction", &direction);
    std::vector<std::string> pos = parser.positional();
    if (pos.size() < 2 || pos.size() > 3 || !parser.unknownOptions().empty() || (derive && pos.size() == 3)) {
        std::fprintf(stderr, "%s", kHelp);
        return kExitBadInput;
    }
    std::shared_ptr<TraceSession> session = openStore(pos[1]);
    if (!session) return kExitBadInput;
    const std::string& storePath = session->storePath();
    std::string graphPath = pos.size() == 3 ? pos[2] : (derive ? std::string() : findGraphBeside(pos[1]));
    GraphImportReport report;
    Error error;
    const bool ok = session->importGraph(graphPath, &report, &error);
    if (!ok) {
        std::fprintf(stderr, "opscope-cli graph import: %s\n", describe(error).c_str());
        return error.code == ErrorCode::StoreFailed ? kExitFailure : kExitBadInput;
    }
    std::printf("store:        %s\n", storePath.c_str());
    printReport(report, graphPath);
    return layout ? layoutNow(*session, layoutDirectionFromName(direction)) : kExitOk;
}

int runInfo(ArgParser& parser) {
    std::string unjoined = "10";
    parser.option("--unjoined", &unjoined);
    std::vector<std::string> pos = parser.positional();
    if (pos.size() != 2 || !parser.unknownOptions().empty()) {
        std::fprintf(stderr, "%s", kHelp);
        return kExitBadInput;
    }
    std::shared_ptr<TraceSession> session = openStore(pos[1]);
    if (!session) return kExitBadInput;
    GraphSummary summary;
    Error error;
    if (!session->graphSummary(std::atoi(unjoined.c_str()), &summary, &error)) {
        std::fprintf(stderr, "opscope-cli graph info: %s\n", describe(error).c_str());
        return kExitFailure;
    }
    if (!summary.hasGraph) {
        std::fprintf(stderr, "opscope-cli graph info: the store has no graph (use `opscope-cli graph import`)\n");
        return kExitBadInput;
    }
    const StoredGraph& g = summary.graph;
    std::printf("store:        %s\ngraph:        %s (%s%s)\n", session->storePath().c_str(),
                g.sourcePath.empty() ? "derived from the trace" : g.sourcePath.c_str(), g.format.c_str(),
                g.derived && g.format != "derived" ? ", derived" : "");
    std::printf("nodes:        %zu\nedges:        %zu\n", g.nodes.size(), g.edges.size());
    std::printf("join rate:    %lld of %zu nodes joined (%.1f%%)\n", static_cast<long long>(g.joinedNodes),
                g.nodes.size(), g.nodes.empty() ? 0.0 : 100.0 * static_cast<double>(g.joinedNodes) / static_cast<double>(g.nodes.size()));
    for (const GraphRuleCount& r : summary.rules)
        std::printf("  %-20s %lld nodes, %lld executions\n", r.rule.c_str(), static_cast<long long>(r.nodes),
                    static_cast<long long>(r.executions));
    std::printf("layout:       %s\n", g.layoutDone ? layoutDirectionName(g.direction) : "not computed yet");
    if (!summary.unjoined.empty()) {
        std::printf("unjoined:     %lld executions matched no node; most frequent:\n",
                    static_cast<long long>(g.unjoinedExecutions));
        for (const UnjoinedName& n : summary.unjoined)
            std::printf("  %8lld x  %s\n", static_cast<long long>(n.count), n.name.c_str());
    }
    return kExitOk;
}

int runGraph(const std::vector<std::string>& args) {
    if (wantsHelp(args) || args.empty()) {
        std::printf("%s", kHelp);
        return args.empty() ? kExitBadInput : kExitOk;
    }
    ArgParser parser(args);
    if (args[0] == "import") return runImport(parser);
    if (args[0] == "info") return runInfo(parser);
    std::fprintf(stderr, "%s", kHelp);
    return kExitBadInput;
}

const bool registered = registerCommand({"graph", "import a computation graph beside a trace; show its join", &runGraph});

} // namespace
} // namespace opscope::cli
