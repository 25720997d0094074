// The msprof-analyze advisor's "Affinity API Issues" (advisor/analyzer/schedule/fusion_ops/
// fusion_ops_analyzer.py, the events of dataset/timeline_op_collector/timeline_op_collector.py's
// AtenCollector and OptimizerCollector): framework operator sequences that one fused torch_npu (or
// MindSpeed, mx_driving) API replaces, matched over the host timeline with the patterns of
// resources/rules/affinity_api_patterns.json (core/analysis/diagnosis/affinity_patterns.h), each match
// reported with its time and the call stack of its first operator where the trace recorded stacks.
#include "core/analysis/diagnosis/affinity_patterns.h"
#include "core/analysis/diagnosis/ascend_tasks.h"
#include "core/analysis/diagnosis/diagnosis_rules.h"
#include "core/analysis/diagnosis/slice_name_match.h"
#include "core/store/args_reader.h"
#include "core/model/spillable_array.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cctype>
#include <map>

namespace opscope {

namespace {

struct HostEvent {
    const SliceRecord* slice = nullptr;
    std::string_view name; // the advisor's name: "aten::" or "Optimizer.step#" dropped
    // Copied from the slice: the sort and the tokens read every event in time order, which through the
    // pointer would read a mapped snapshot's pages out of order and hold them (600 MB of a 10 GB trace's).
    TimeNs tsNs = 0;
    std::uint32_t nameId = 0;
    std::uint16_t depth = 0;
};

// Per process (a rank's host operators never join another's sequence), the two event lists the
// advisor's collectors build, each in start order (a parent before the child starting with it).
struct HostSequences {
    std::map<std::int64_t, std::vector<HostEvent>> aten, optimizer;
    std::size_t atenCount = 0, optimizerCount = 0;
};

bool startsWithNoCase(std::string_view text, std::string_view lowerPrefix) {
    if (text.size() < lowerPrefix.size()) return false;
    for (std::size_t i = 0; i < lowerPrefix.size(); ++i)
        if (std::tolower(static_cast<unsigned char>(text[i])) != lowerPrefix[i]) return false;
    return true;
}

// What a slice name is to the advisor's collectors, looked up per slice by its string id.
enum class HostKind : std::uint8_t { None, Aten, Optimizer, SyncPrefixed, SyncBare };

HostSequences collectHostSequences(const DiagnosisContext& ctx) {
    constexpr std::string_view kOptimizer = "Optimizer.step#", kSync = "aclrtSynchronizeStream", kAcl = "AscendCL@";
    // AtenCollector: names starting aten:: or npu:: (any case), and the SynchronizeStream calls (AscendCL@ in
    // JSON, the bare name at level acl in a DB import), which match no pattern and so break a sequence
    // where the host waited. OptimizerCollector: Optimizer.step#<name>.
    std::vector<HostKind> kindOf(ctx.snapshot.strings.size(), HostKind::None);
    for (std::uint32_t id = 0; id < kindOf.size(); ++id) {
        const std::string_view n = ctx.snapshot.strings.at(id);
        if (startsWithNoCase(n, "aten::") || startsWithNoCase(n, "npu::")) kindOf[id] = HostKind::Aten;
        else if (n.rfind(kOptimizer, 0) == 0) kindOf[id] = HostKind::Optimizer;
        else if (n.size() > kAcl.size() && n.rfind(kAcl, 0) == 0 && n.substr(kAcl.size()).rfind(kSync, 0) == 0)
            kindOf[id] = HostKind::SyncPrefixed;
        else if (n.rfind(kSync, 0) == 0) kindOf[id] = HostKind::SyncBare;
    }
    const auto aclLevel = stringIdsWhere(ctx, [](std::string_view n) { return n == "acl"; });
    HostSequences out;
    const SliceSet& set = ctx.snapshot.slices;
    PageReleasingWalk<SliceRecord> walk(set.slices);
    for (std::size_t t = 0; t < set.trackCount(); ++t) {
        const TrackRecord* track = ctx.snapshot.catalog.find(set.trackIds[t]);
        const std::int64_t process = track ? track->processId : 0;
        for (std::uint32_t i = set.begin(t); i < set.end(t); ++i) {
            const SliceRecord& s = walk[i];
            const HostKind kind = s.nameId < kindOf.size() ? kindOf[s.nameId] : HostKind::None;
            if (kind == HostKind::None || !startsInRange(ctx, s)) continue;
            std::string_view name = ctx.snapshot.strings.at(s.nameId);
            if (kind == HostKind::Aten) {
                if (name.rfind("aten::", 0) == 0) name.remove_prefix(6); // the advisor drops "aten::" as written
                out.aten[process].push_back({&s, name, s.tsNs, s.nameId, s.depth});
                ++out.atenCount;
            } else if (kind == HostKind::Optimizer) {
                name.remove_prefix(kOptimizer.size());
                out.optimizer[process].push_back({&s, name, s.tsNs, s.nameId, s.depth});
                ++out.optimizerCount;
            } else if (kind == HostKind::SyncPrefixed || (s.catId != 0 && containsId(aclLevel, s.catId))) {
                out.aten[process].push_back({&s, name, s.tsNs, s.nameId, s.depth});
            }
        }
    }
    for (auto* lists : {&out.aten, &out.optimizer})
        for (auto& [process, events] : *lists)
            std::stable_sort(events.begin(), events.end(), [](const HostEvent& a, const HostEvent& b) {
                return a.tsNs != b.tsNs ? a.tsNs < b.tsNs : a.depth < b.depth;
            });
    return out;
}

// torch_npu's "Call stack" arg of a slice ("file.py(12): fn;\r\nfile.py(40): main"), "" without one.
std::string callStackOf(ArgsJsonLookup& args, const SliceRecord& s) {
    if (s.argId == 0) return {};
    const std::string text = args.json(s.argId);
    if (text.find("Call stack") == std::string::npos) return {};
    const nlohmann::json j = nlohmann::json::parse(text, nullptr, false);
    if (!j.is_object()) return {};
    const auto it = j.find("Call stack");
    return it != j.end() && it->is_string() ? it->get<std::string>() : std::string();
}

std::string topFrame(const std::string& stack) {
    std::string frame = stack.substr(0, stack.find(';'));
    while (!frame.empty() && (frame.back() == '\r' || frame.back() == '\n')) frame.pop_back();
    return frame;
}

struct PatternMatches {
    const AffinityPattern* pattern = nullptr;
    std::int64_t count = 0;
    TimeNs totalNs = 0;
    std::vector<std::pair<const SliceRecord*, TimeNs>> firsts; // first operator, match end
};

} // namespace

// Every pattern over every process's sequence; measured: the matched sequences; fires when > threshold (0).
// No time is at stake: the advisor gives this finding the low priority whatever its time.
Finding ruleAscendAffinityApi(DiagnosisContext& ctx, const RuleConfig& rule) {
    std::vector<AffinityPattern> patterns;
    Error error;
    if (!loadAffinityPatterns(nullptr, &patterns, &error)) return missingInputFinding();
    const HostSequences host = collectHostSequences(ctx);
    if (host.atenCount == 0 && host.optimizerCount == 0) return missingInputFinding();
    // Every pattern's names as small ints; each process's operators as such tokens, once.
    std::vector<ParsedSequence> parsed(patterns.size());
    AffinityVocabulary vocabulary;
    for (std::size_t p = 0; p < patterns.size(); ++p) {
        std::string message;
        if (parseAffinitySequence(patterns[p].sequence, &parsed[p], &message)) vocabulary.add(parsed[p]); // the loader checked each
    }
    // The token of a slice name, looked up once per string id; and which tokens occur at all, so that a
    // pattern naming an absent operator is not run over the sequence.
    std::vector<int> tokenOfName(ctx.snapshot.strings.size(), -2);
    std::vector<bool> present(vocabulary.size(), false);
    auto tokensOf = [&](const std::map<std::int64_t, std::vector<HostEvent>>& lists) {
        std::map<std::int64_t, std::vector<int>> out;
        for (const auto& [process, events] : lists) {
            std::vector<int>& tokens = out[process];
            tokens.reserve(events.size());
            for (const HostEvent& e : events) {
                int& token = tokenOfName[e.nameId];
                if (token == -2) token = vocabulary.id(e.name);
                if (token >= 0) present[static_cast<std::size_t>(token)] = true;
                tokens.push_back(token);
            }
        }
        return out;
    };
    const auto atenTokens = tokensOf(host.aten), optimizerTokens = tokensOf(host.optimizer);
    std::vector<PatternMatches> matched;
    for (std::size_t p = 0; p < patterns.size(); ++p) {
        const AffinityPattern& pattern = patterns[p];
        const bool optimizer = pattern.mode == "optimizer";
        PatternMatches m;
        m.pattern = &pattern;
        if (!vocabulary.couldMatch(parsed[p], present)) continue;
        for (const auto& [process, tokens] : optimizer ? optimizerTokens : atenTokens) {
            const std::vector<HostEvent>& events = (optimizer ? host.optimizer : host.aten).at(process);
            for (const auto& [first, end] : matchAffinityTokens(parsed[p], vocabulary, tokens)) {
                TimeNs endNs = 0;
                for (std::size_t k = first; k < end; ++k) endNs = std::max(endNs, events[k].slice->endNs());
                ++m.count;
                m.totalNs += endNs - events[first].slice->tsNs;
                m.firsts.emplace_back(events[first].slice, endNs);
            }
        }
        if (m.count > 0) matched.push_back(std::move(m));
    }
    Finding f;
    f.unit = "sequences";
    f.threshold = rule.threshold();
    f.comparison = ">";
    for (const PatternMatches& m : matched) f.measured += static_cast<double>(m.count);
    f.status = f.measured > f.threshold ? FindingStatus::Fired : FindingStatus::Passed;
    std::stable_sort(matched.begin(), matched.end(), [](const PatternMatches& a, const PatternMatches& b) { return a.totalNs > b.totalNs; });
    ArgsJsonLookup args(ctx.db);
    std::map<std::string, std::int64_t> stacks; // distinct call stacks of the matches' first operators
    for (const PatternMatches& m : matched) {
        EvidenceOperator op;
        op.name = m.pattern->api + " <- " + m.pattern->sequence;
        op.value = static_cast<double>(m.count);
        op.count = m.count;
        op.totalNs = m.totalNs;
        std::string firstStack;
        for (const auto& [first, endNs] : m.firsts) {
            const std::string stack = callStackOf(args, *first);
            if (!stack.empty()) ++stacks[stack];
            if (firstStack.empty()) firstStack = stack;
            if (op.sliceIds.size() < 5) op.sliceIds.push_back(first->id);
        }
        if (f.operators.size() < rule.evidenceLimit()) f.operators.push_back(std::move(op));
        if (f.ranges.size() < rule.evidenceLimit()) {
            const auto& [first, endNs] = m.firsts.front();
            f.ranges.push_back({first->tsNs, endNs, ctx.snapshot.slices.trackIds[first->trackIndex],
                                m.pattern->api + " (" + m.pattern->sequence + ")" +
                                    (firstStack.empty() ? std::string() : " at " + topFrame(firstStack))});
        }
    }
    f.detail = std::to_string(static_cast<long long>(f.measured)) + " sequence(s) of " + std::to_string(matched.size()) +
               " pattern(s) among " + std::to_string(host.atenCount) + " aten/npu operator(s) and " +
               std::to_string(host.optimizerCount) + " optimizer step(s)";
    if (!matched.empty())
        f.detail += stacks.empty() ? "; needs input: with_stack=True (the trace has no call stack, so the code behind the "
                                     "sequences is unknown)"
                                   : "; " + std::to_string(stacks.size()) + " distinct call stack(s)";
    return f;
}

} // namespace opscope
