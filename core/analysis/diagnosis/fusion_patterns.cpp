// From the YAML tree to patterns: the two strategy versions of the advisor's QueryGraphParser, every
// combination of alternative types expanded, names of edges checked, patterns required to be connected
// (the advisor's matcher cannot grow a match across a node without edges).
#include "core/analysis/diagnosis/fusion_patterns.h"

#include "core/analysis/diagnosis/yaml_subset.h"
#include "core/model/small_file.h"

#include <algorithm>
#include <map>

namespace opscope {

namespace {

using Kind = YamlNode::Kind;

class PatternReader {
public:
    PatternReader(const YamlDocument& doc, const std::string& path, FusionPatternSet* out)
        : doc_(doc), path_(path), out_(out) {}

    bool run(Error* error) {
        const std::int32_t root = 0;
        bool any = false;
        for (const char* section : {"GraphFusion", "UBFusion"}) {
            const std::int32_t list = doc_.value(root, section);
            if (list < 0) continue;
            any = true;
            if (doc_.at(list).kind == Kind::Null) continue; // "UBFusion:" with nothing under it
            if (doc_.at(list).kind != Kind::Sequence)
                return fail(list, std::string("a list of passes under ") + section, error);
            for (std::int32_t entry : doc_.children(list))
                if (!pass(entry, section, error)) return false;
        }
        if (!any) return fail(root, "a top-level GraphFusion or UBFusion list of passes", error);
        return true;
    }

private:
    bool fail(std::int32_t node, std::string expected, Error* error) const {
        *error = Error{ErrorCode::WrongType, path_, -1, doc_.at(node).line, -1, std::move(expected), {}};
        return false;
    }

    bool scalarText(std::int32_t node, std::string* out) const {
        if (doc_.at(node).kind != Kind::Scalar || doc_.at(node).text.empty()) return false;
        *out = doc_.at(node).text;
        return true;
    }

    bool pass(std::int32_t entry, const char* section, Error* error) {
        const std::vector<std::int32_t> kv = doc_.children(entry);
        if (doc_.at(entry).kind != Kind::Mapping || kv.size() != 1 || doc_.at(kv[0]).kind != Kind::Mapping)
            return fail(entry, "a pass: one 'PassName:' key holding version and struct, or nodes and edges", error);
        const std::int32_t strategy = kv[0];
        const std::string name = doc_.at(strategy).key;
        ++out_->passes;
        std::string version = "0";
        if (std::int32_t v = doc_.value(strategy, "version"); v >= 0 && !scalarText(v, &version))
            return fail(v, "version 0 or 1", error);
        std::vector<std::vector<std::string>> alternatives; // per node
        std::vector<std::pair<std::uint32_t, std::uint32_t>> edges;
        if (version == "0") {
            const std::int32_t chain = doc_.value(strategy, "struct");
            if (chain < 0 || doc_.at(chain).kind != Kind::Sequence)
                return fail(chain < 0 ? strategy : chain, "'struct': a list of op types (version 0)", error);
            for (std::int32_t t : doc_.children(chain)) {
                std::string type;
                if (!scalarText(t, &type)) return fail(t, "an op type name in 'struct'", error);
                alternatives.push_back({type});
                if (alternatives.size() > 1)
                    edges.emplace_back(static_cast<std::uint32_t>(alternatives.size() - 2),
                                       static_cast<std::uint32_t>(alternatives.size() - 1));
            }
        } else if (version == "1") {
            if (!nodesAndEdges(strategy, &alternatives, &edges, error)) return false;
        } else {
            return fail(doc_.value(strategy, "version"), "version 0 or 1", error);
        }
        if (alternatives.empty()) return fail(strategy, "a pattern of at least one op type", error);
        if (alternatives.size() > kMaxFusionPatternNodes)
            return fail(strategy, "at most " + std::to_string(kMaxFusionPatternNodes) + " nodes in a pattern", error);
        if (!connected(alternatives.size(), edges))
            return fail(strategy, "a connected pattern (every node joined to the others by edges)", error);
        return expand(name, section, doc_.at(entry).line, alternatives, edges, error, strategy);
    }

    bool nodesAndEdges(std::int32_t strategy, std::vector<std::vector<std::string>>* alternatives,
                       std::vector<std::pair<std::uint32_t, std::uint32_t>>* edges, Error* error) {
        const std::int32_t nodes = doc_.value(strategy, "nodes");
        if (nodes < 0 || doc_.at(nodes).kind != Kind::Sequence)
            return fail(nodes < 0 ? strategy : nodes, "'nodes': a list of {name: op type or [op types]} (version 1)", error);
        std::map<std::string, std::uint32_t> index;
        for (std::int32_t n : doc_.children(nodes)) {
            const std::vector<std::int32_t> kv = doc_.children(n);
            if (doc_.at(n).kind != Kind::Mapping || kv.size() != 1)
                return fail(n, "a node: one 'name: op type' (or 'name: [op types]')", error);
            std::vector<std::string> types;
            std::string type;
            if (scalarText(kv[0], &type)) {
                types.push_back(type);
            } else if (doc_.at(kv[0]).kind == Kind::Sequence) {
                for (std::int32_t t : doc_.children(kv[0])) {
                    if (!scalarText(t, &type)) return fail(t, "an op type name", error);
                    types.push_back(type);
                }
            }
            if (types.empty()) return fail(n, "an op type or a non-empty list of op types for node '" + doc_.at(kv[0]).key + "'", error);
            if (!index.emplace(doc_.at(kv[0]).key, static_cast<std::uint32_t>(alternatives->size())).second)
                return fail(n, "node names unique in the pass ('" + doc_.at(kv[0]).key + "' repeats)", error);
            alternatives->push_back(std::move(types));
        }
        const std::int32_t list = doc_.value(strategy, "edges");
        if (list < 0 || doc_.at(list).kind == Kind::Null) return true;
        if (doc_.at(list).kind != Kind::Sequence) return fail(list, "'edges': a list of [from, to] node names", error);
        for (std::int32_t e : doc_.children(list)) {
            const std::vector<std::int32_t> ends = doc_.children(e);
            std::string from, to;
            if (doc_.at(e).kind != Kind::Sequence || ends.size() != 2 || !scalarText(ends[0], &from) || !scalarText(ends[1], &to))
                return fail(e, "an edge [from, to] of two node names", error);
            auto a = index.find(from), b = index.find(to);
            if (a == index.end() || b == index.end())
                return fail(e, "edge ends among the pass's nodes ('" + (a == index.end() ? from : to) + "' is not one)", error);
            if (a->second == b->second) return fail(e, "an edge between two different nodes", error);
            if (std::find(edges->begin(), edges->end(), std::make_pair(a->second, b->second)) == edges->end())
                edges->emplace_back(a->second, b->second);
        }
        return true;
    }

    static bool connected(std::size_t n, const std::vector<std::pair<std::uint32_t, std::uint32_t>>& edges) {
        std::vector<bool> seen(n, false);
        std::vector<std::uint32_t> todo{0};
        seen[0] = true;
        while (!todo.empty()) {
            const std::uint32_t v = todo.back();
            todo.pop_back();
            for (const auto& [a, b] : edges) {
                const std::uint32_t other = a == v ? b : (b == v ? a : v);
                if (other != v && !seen[other]) {
                    seen[other] = true;
                    todo.push_back(other);
                }
            }
        }
        return std::all_of(seen.begin(), seen.end(), [](bool s) { return s; });
    }

    // One pattern per combination of alternatives, in the advisor's order (itertools.product).
    bool expand(const std::string& name, const char* section, std::int64_t line,
                const std::vector<std::vector<std::string>>& alternatives,
                const std::vector<std::pair<std::uint32_t, std::uint32_t>>& edges, Error* error, std::int32_t strategy) {
        std::size_t combinations = 1;
        for (const auto& a : alternatives) {
            combinations *= a.size();
            if (combinations > kMaxFusionCombinations)
                return fail(strategy, "at most " + std::to_string(kMaxFusionCombinations) +
                                          " combinations of alternative op types in a pass", error);
        }
        std::vector<std::size_t> pick(alternatives.size(), 0);
        for (std::size_t k = 0; k < combinations; ++k) {
            FusionPattern p;
            p.pass = k == 0 ? name : name + "#" + std::to_string(k);
            p.section = section;
            p.line = line;
            p.edges = edges;
            for (std::size_t i = 0; i < alternatives.size(); ++i) p.types.push_back(alternatives[i][pick[i]]);
            out_->patterns.push_back(std::move(p));
            for (std::size_t i = alternatives.size(); i-- > 0;) { // the last node varies fastest
                if (++pick[i] < alternatives[i].size()) break;
                pick[i] = 0;
            }
        }
        return true;
    }

    const YamlDocument& doc_;
    const std::string& path_;
    FusionPatternSet* out_;
};

} // namespace

bool parseFusionPatterns(std::string_view text, const std::string& path, FusionPatternSet* out, Error* error) {
    *out = FusionPatternSet{};
    out->path = path;
    YamlDocument doc;
    if (!parseYamlSubset(text, path, &doc, error)) return false;
    if (doc.at(0).kind != Kind::Mapping) {
        *error = Error{ErrorCode::WrongType, path, -1, 1, -1, "a top-level mapping with GraphFusion and/or UBFusion", {}};
        return false;
    }
    return PatternReader(doc, path, out).run(error);
}

bool loadFusionPatternFile(const std::string& path, FusionPatternSet* out, Error* error) {
    std::string text;
    if (!readSmallFile(path, &text, error, "a fusion pattern file (op_fusion_pass.yaml)")) return false;
    return parseFusionPatterns(text, path, out, error);
}

} // namespace opscope
