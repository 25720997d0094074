#include "core/analysis/graph/graph_join.h"

#include "core/analysis/graph/graph_join_names.h"
#include "core/store/graph_join_reader.h"
#include "core/store/string_reader.h"
#include "core/store/sqlite_db.h"
#include "core/store/store_error.h"

#include <algorithm>
#include <map>
#include <optional>
#include <unordered_map>

namespace opscope {

const char* joinRuleName(JoinRule rule) {
    switch (rule) {
    case JoinRule::ExactName: return "exact_name";
    case JoinRule::RecordFunctionId: return "record_function_id";
    case JoinRule::ExternalId: return "external_id";
    case JoinRule::NameOrder: return "name_order";
    case JoinRule::Scope: return "scope";
    case JoinRule::OriginalName: return "original_name";
    case JoinRule::FusedName: return "fused_name";
    case JoinRule::Derived: return "derived";
    }
    return "unknown";
}

std::vector<JoinRule> joinRulesFor(std::string_view format) {
    using R = JoinRule;
    // ET nodes are single calls that repeat names, so ids come first and names only break ties.
    if (format == "pytorch-et") return {R::RecordFunctionId, R::ExternalId, R::ExactName, R::NameOrder};
    if (format == "derived") return {R::Derived};
    if (format == "cann-om") return {R::ExactName, R::NameOrder, R::FusedName, R::OriginalName, R::Scope};
    return {R::ExactName, R::NameOrder, R::Scope, R::OriginalName, R::FusedName};
}

namespace {

struct Candidate {
    std::int64_t id = 0;
    std::int64_t tsNs = 0;
    std::int64_t argId = 0;
    std::uint32_t nameId = 0;
    bool compute = false;
    bool claimed = false;
};

class Joiner {
public:
    Joiner(Database& db, const std::vector<JoinNode>& nodes, const JoinOptions& options)
        : db_(db), nodes_(nodes), options_(options), ruleOf_(nodes.size(), -1) {}

    void run(JoinResult* out);

private:
    void loadStrings();
    void indexNames();
    void loadCandidates();
    void loadIds();
    // Gives node the candidate slices (keeping only device-compute ones when it has any).
    // Returns the slices given; exclusive: skips claimed ones and claims the rest.
    std::vector<std::size_t> assign(std::uint32_t node, std::vector<std::size_t> slices, JoinRule rule, bool exclusive);
    void ruleByName(JoinRule rule);
    void ruleById(JoinRule rule);
    void ruleNameOrder();
    void ruleByStringMap(JoinRule rule, const std::unordered_map<std::uint32_t, std::vector<std::uint32_t>>& map);
    // Aliases shared by several nodes join nothing: they are recorded as ambiguous and left out of the map.
    void dropAmbiguousAliases();

    Database& db_;
    const std::vector<JoinNode>& nodes_;
    const JoinOptions& options_;
    std::vector<std::string> strings_;                     // index = string id
    std::unordered_map<std::string_view, std::uint32_t> stringId_;
    std::vector<std::uint32_t> nameIdOfNode_;              // 0: the name is not in the store
    std::unordered_map<std::uint32_t, std::vector<std::uint32_t>> nodesByName_; // string id -> nodes
    std::unordered_map<std::uint32_t, std::vector<std::uint32_t>> aliasNodes_, fusedNodes_, scopeNodes_;
    std::vector<std::uint8_t> wanted_;                     // per string id
    std::vector<Candidate> slices_;
    std::unordered_map<std::uint32_t, std::vector<std::size_t>> slicesByName_; // by start time
    std::map<std::pair<std::uint32_t, std::int64_t>, std::vector<std::size_t>> byRfId_, byExternalId_;
    std::vector<int> ruleOf_;                              // per node: index into rules, -1: not joined
    std::vector<JoinMatch> matches_;
    std::vector<std::string> ambiguous_;
};

void Joiner::loadStrings() {
    Error error;
    if (!readStringValues(db_, &strings_, &error)) throw SqliteError(error.detail);
    for (std::size_t i = 1; i < strings_.size(); ++i) stringId_.emplace(strings_[i], static_cast<std::uint32_t>(i));
    wanted_.assign(strings_.size(), 0);
}

void Joiner::indexNames() {
    std::vector<std::string> names;
    names.reserve(nodes_.size());
    for (const JoinNode& n : nodes_) names.push_back(n.name);
    for (std::uint32_t n = 0; n < nodes_.size(); ++n) {
        auto it = stringId_.find(nodes_[n].name);
        std::uint32_t id = it == stringId_.end() ? 0 : it->second;
        nameIdOfNode_.push_back(id);
        if (id) nodesByName_[id].push_back(n), wanted_[id] = 1;
        for (const std::string& alias : nodes_[n].aliases)
            if (auto a = stringId_.find(alias); a != stringId_.end() && a->second != id)
                aliasNodes_[a->second].push_back(n), wanted_[a->second] = 1;
    }
    auto uses = [&](JoinRule r) { return std::find(options_.rules.begin(), options_.rules.end(), r) != options_.rules.end(); };
    if (!uses(JoinRule::FusedName) && !uses(JoinRule::Scope)) return;
    FusedNameSplitter splitter(names);
    ScopeMatcher scopes(names);
    for (std::uint32_t s = 1; s < strings_.size(); ++s) {
        if (nodesByName_.count(s)) continue;
        if (uses(JoinRule::FusedName)) {
            std::vector<std::uint32_t> parts = splitter.split(strings_[s]);
            if (!parts.empty()) fusedNodes_[s] = std::move(parts), wanted_[s] = 1;
        }
        if (uses(JoinRule::Scope)) {
            std::int64_t node = scopes.match(strings_[s]);
            if (node >= 0) scopeNodes_[s] = {static_cast<std::uint32_t>(node)}, wanted_[s] = 1;
        }
    }
}

void Joiner::dropAmbiguousAliases() {
    for (auto it = aliasNodes_.begin(); it != aliasNodes_.end();) {
        std::vector<std::uint32_t>& nodes = it->second;
        std::sort(nodes.begin(), nodes.end());
        nodes.erase(std::unique(nodes.begin(), nodes.end()), nodes.end());
        if (nodes.size() < 2) {
            ++it;
            continue;
        }
        wanted_[it->first] = nodesByName_.count(it->first) || fusedNodes_.count(it->first) || scopeNodes_.count(it->first);
        ambiguous_.push_back(strings_[it->first]);
        it = aliasNodes_.erase(it);
    }
    std::sort(ambiguous_.begin(), ambiguous_.end());
}

void Joiner::loadCandidates() {
    forEachJoinCandidate(db_, options_.trackIds, [&](const JoinCandidateRow& row) {
        const std::int64_t nameId = row.nameId;
        if (nameId <= 0 || static_cast<std::size_t>(nameId) >= wanted_.size() || !wanted_[nameId]) return;
        Candidate c{row.sliceId, row.tsNs, row.argId, static_cast<std::uint32_t>(nameId), row.onComputeTrack, false};
        slicesByName_[c.nameId].push_back(slices_.size());
        slices_.push_back(c);
    });
}

void Joiner::loadIds() {
    JoinIdLookup ids(db_);
    std::optional<std::int64_t> rf, external;
    for (std::size_t i = 0; i < slices_.size(); ++i) {
        const Candidate& c = slices_[i];
        if (!c.argId || !nodesByName_.count(c.nameId)) continue;
        if (!ids.lookup(c.argId, &rf, &external)) continue;
        const bool hasRf = rf && *rf != 0;
        if (hasRf) byRfId_[{c.nameId, *rf}].push_back(i);
        if (!hasRf && external) byExternalId_[{c.nameId, *external}].push_back(i);
    }
}

std::vector<std::size_t> Joiner::assign(std::uint32_t node, std::vector<std::size_t> slices, JoinRule rule,
                                        bool exclusive) {
    if (exclusive)
        slices.erase(std::remove_if(slices.begin(), slices.end(), [&](std::size_t s) { return slices_[s].claimed; }),
                     slices.end());
    bool anyCompute = std::any_of(slices.begin(), slices.end(), [&](std::size_t s) { return slices_[s].compute; });
    if (anyCompute)
        slices.erase(std::remove_if(slices.begin(), slices.end(), [&](std::size_t s) { return !slices_[s].compute; }),
                     slices.end());
    if (slices.empty()) return slices;
    auto index = std::find(options_.rules.begin(), options_.rules.end(), rule) - options_.rules.begin();
    ruleOf_[node] = static_cast<int>(index);
    for (std::size_t s : slices) {
        matches_.push_back({node, slices_[s].id, rule});
        if (exclusive) slices_[s].claimed = true;
    }
    return slices;
}

void Joiner::ruleByName(JoinRule rule) {
    for (const auto& [nameId, nodes] : nodesByName_) {
        if (nodes.size() != 1 || ruleOf_[nodes[0]] >= 0) continue;
        auto it = slicesByName_.find(nameId);
        if (it == slicesByName_.end()) continue;
        assign(nodes[0], it->second, rule, true);
    }
}

void Joiner::ruleById(JoinRule rule) {
    auto& map = rule == JoinRule::RecordFunctionId ? byRfId_ : byExternalId_;
    if (map.empty()) return;
    for (std::uint32_t n = 0; n < nodes_.size(); ++n) {
        if (ruleOf_[n] >= 0 || !nodes_[n].recordFunctionId || !nameIdOfNode_[n]) continue;
        auto it = map.find({nameIdOfNode_[n], *nodes_[n].recordFunctionId});
        if (it == map.end()) continue;
        assign(n, it->second, rule, true);
    }
}

// Nodes sharing a name, in graph order, take that name's unclaimed slices in time order: one each, or
// round robin when the trace ran the graph several times (a whole multiple of the node count).
void Joiner::ruleNameOrder() {
    for (const auto& [nameId, allNodes] : nodesByName_) {
        std::vector<std::uint32_t> nodes;
        for (std::uint32_t n : allNodes)
            if (ruleOf_[n] < 0) nodes.push_back(n);
        auto it = slicesByName_.find(nameId);
        if (nodes.empty() || it == slicesByName_.end()) continue;
        std::vector<std::size_t> free;
        for (std::size_t s : it->second)
            if (!slices_[s].claimed) free.push_back(s);
        if (std::any_of(free.begin(), free.end(), [&](std::size_t s) { return slices_[s].compute; }))
            free.erase(std::remove_if(free.begin(), free.end(), [&](std::size_t s) { return !slices_[s].compute; }),
                       free.end());
        if (free.empty() || free.size() % nodes.size() != 0) continue;
        std::sort(nodes.begin(), nodes.end(), [&](std::uint32_t a, std::uint32_t b) { return nodes_[a].order < nodes_[b].order; });
        std::vector<std::vector<std::size_t>> per(nodes.size());
        for (std::size_t j = 0; j < free.size(); ++j) per[j % nodes.size()].push_back(free[j]);
        for (std::size_t k = 0; k < nodes.size(); ++k)
            assign(nodes[k], per[k], JoinRule::NameOrder, true);
    }
}

// Trace names that map to nodes through a precomputed table (aliases, fused names, scopes).
void Joiner::ruleByStringMap(JoinRule rule, const std::unordered_map<std::uint32_t, std::vector<std::uint32_t>>& map) {
    std::map<std::uint32_t, std::vector<std::size_t>> perNode;
    for (const auto& [nameId, nodes] : map) {
        auto it = slicesByName_.find(nameId);
        if (it == slicesByName_.end()) continue;
        for (std::uint32_t n : nodes)
            if (ruleOf_[n] < 0)
                for (std::size_t s : it->second)
                    if (!slices_[s].claimed) perNode[n].push_back(s);
    }
    std::vector<std::size_t> claimedNow;
    for (auto& [node, slices] : perNode) {
        std::sort(slices.begin(), slices.end());
        slices.erase(std::unique(slices.begin(), slices.end()), slices.end());
        // Not exclusive within the rule: a fused task belongs to every node fused into it.
        std::vector<std::size_t> given = assign(node, slices, rule, false);
        claimedNow.insert(claimedNow.end(), given.begin(), given.end());
    }
    for (std::size_t s : claimedNow) slices_[s].claimed = true;
}

void Joiner::run(JoinResult* out) {
    loadStrings();
    indexNames();
    dropAmbiguousAliases();
    loadCandidates();
    bool idRules = std::any_of(options_.rules.begin(), options_.rules.end(), [](JoinRule r) {
        return r == JoinRule::RecordFunctionId || r == JoinRule::ExternalId;
    });
    if (idRules) loadIds();
    for (JoinRule rule : options_.rules) {
        switch (rule) {
        case JoinRule::ExactName:
        case JoinRule::Derived: ruleByName(rule); break;
        case JoinRule::RecordFunctionId:
        case JoinRule::ExternalId: ruleById(rule); break;
        case JoinRule::NameOrder: ruleNameOrder(); break;
        case JoinRule::Scope: ruleByStringMap(rule, scopeNodes_); break;
        case JoinRule::OriginalName: ruleByStringMap(rule, aliasNodes_); break;
        case JoinRule::FusedName: ruleByStringMap(rule, fusedNodes_); break;
        }
    }
    *out = JoinResult{};
    out->matches = std::move(matches_);
    out->ambiguousNames = std::move(ambiguous_);
    std::vector<std::int64_t> perRule(options_.rules.size(), 0);
    for (int r : ruleOf_)
        if (r >= 0) ++perRule[static_cast<std::size_t>(r)], ++out->joinedNodes;
    for (std::size_t r = 0; r < perRule.size(); ++r)
        if (perRule[r] > 0) out->nodesByRule.emplace_back(options_.rules[r], perRule[r]);
}

} // namespace

bool joinNodesToSlices(Database& db, const std::vector<JoinNode>& nodes, const JoinOptions& options, JoinResult* out,
                       Error* error) {
    return guardStore(db, error, [&] {
        Joiner joiner(db, nodes, options);
        joiner.run(out);
        return true;
    });
}

bool countUnjoinedExecutions(Database& db, std::int64_t graphId, std::int64_t* count, Error* error) {
    return guardStore(db, error, [&] {
        *count = countUnjoinedSlices(db, graphId);
        return true;
    });
}

bool listUnjoinedExecutions(Database& db, std::int64_t graphId, int limit, std::vector<UnjoinedName>* out,
                            Error* error) {
    out->clear();
    return guardStore(db, error, [&] {
        for (UnjoinedNameRow& row : readUnjoinedNames(db, graphId, limit))
            out->push_back({std::move(row.name), row.count, row.totalNs});
        return true;
    });
}

} // namespace opscope
