#include "core/analysis/diagnosis/affinity_patterns.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cctype>

namespace opscope {

namespace {

constexpr std::size_t kMaxParts = 64;

std::vector<std::string> splitOn(const std::string& text, char separator) {
    std::vector<std::string> out{std::string()};
    for (char c : text) {
        if (c == separator) out.emplace_back();
        else out.back() += c;
    }
    return out;
}

std::string trimmed(const std::string& s) {
    std::size_t b = 0, e = s.size();
    while (b < e && std::isspace(static_cast<unsigned char>(s[b]))) ++b;
    while (e > b && std::isspace(static_cast<unsigned char>(s[e - 1]))) --e;
    return s.substr(b, e - b);
}

bool allDigits(const std::string& s) {
    return !s.empty() && s.size() <= 4 && std::all_of(s.begin(), s.end(), [](char c) { return c >= '0' && c <= '9'; });
}

// "", "{m,n}", "{m}", "*", "+", "?" after a parenthesised part.
bool parseQuantifier(const std::string& q, SequencePart* part) {
    if (q.empty()) return true;
    if (q == "*") return part->min = 0, part->max = -1, true;
    if (q == "+") return part->min = 1, part->max = -1, true;
    if (q == "?") return part->min = 0, part->max = 1, true;
    if (q.size() < 3 || q.front() != '{' || q.back() != '}') return false;
    const std::vector<std::string> bounds = splitOn(q.substr(1, q.size() - 2), ',');
    if (bounds.size() > 2 || !allDigits(bounds[0]) || (bounds.size() == 2 && !allDigits(bounds[1]))) return false;
    part->min = std::stoi(bounds[0]);
    part->max = bounds.size() == 2 ? std::stoi(bounds[1]) : part->min;
    return part->max >= part->min;
}

bool parsePart(const std::string& text, SequencePart* part, bool* regex, std::string* message) {
    std::string body = trimmed(text);
    std::string quantifier;
    if (!body.empty() && body.front() == '(') {
        const std::size_t close = body.find(')');
        if (close == std::string::npos) return *message = "'" + text + "' opens a parenthesis it does not close", false;
        quantifier = body.substr(close + 1);
        body = body.substr(1, close - 1);
        *regex = true;
    }
    if (!parseQuantifier(quantifier, part))
        return *message = "'" + text + "' ends in '" + quantifier + "', not {m,n}, {m}, *, + or ?", false;
    for (const std::string& name : splitOn(body, '|')) {
        std::string n = trimmed(name);
        if (n.empty() || n.find_first_of("(){}") != std::string::npos)
            return *message = "'" + text + "' holds an empty or malformed operator name", false;
        part->names.push_back(std::move(n));
    }
    return true;
}

// A part as vocabulary ids.
struct TokenPart {
    std::vector<int> ids;
    int min = 1, max = 1;
};

bool tokenIn(int token, const TokenPart& part) {
    return token >= 0 && std::find(part.ids.begin(), part.ids.end(), token) != part.ids.end();
}

// The end of the longest (greedy first, then shorter, as a backtracking regex tries) match of parts[p..]
// at tokens[i..], or npos. The depth is the number of parts (at most 64, from the patterns file), never
// the input's length.
std::size_t matchFrom(const std::vector<TokenPart>& parts, std::size_t p, const std::vector<int>& tokens, std::size_t i) {
    if (p == parts.size()) return i;
    const TokenPart& part = parts[p];
    std::size_t run = 0; // how many tokens from i the part could take
    const auto limit = part.max < 0 ? tokens.size() - i : std::min<std::size_t>(static_cast<std::size_t>(part.max), tokens.size() - i);
    while (run < limit && tokenIn(tokens[i + run], part)) ++run;
    for (std::size_t take = run + 1; take-- > static_cast<std::size_t>(part.min);) {
        const std::size_t end = matchFrom(parts, p + 1, tokens, i + take);
        if (end != std::string::npos) return end;
    }
    return std::string::npos;
}

} // namespace

bool parseAffinitySequence(const std::string& sequence, ParsedSequence* out, std::string* message) {
    *out = ParsedSequence{};
    const std::vector<std::string> texts = splitOn(sequence, '-');
    if (texts.size() > kMaxParts) return *message = "more than 64 parts", false;
    for (const std::string& text : texts) {
        SequencePart part;
        if (!parsePart(text, &part, &out->regex, message)) return false;
        out->parts.push_back(std::move(part));
    }
    return true;
}

void AffinityVocabulary::add(const ParsedSequence& sequence) {
    for (const SequencePart& part : sequence.parts)
        for (const std::string& name : part.names) ids_.emplace(name, static_cast<int>(ids_.size()));
}

int AffinityVocabulary::id(std::string_view name) const {
    const auto it = ids_.find(name);
    return it == ids_.end() ? -1 : it->second;
}

bool AffinityVocabulary::couldMatch(const ParsedSequence& sequence, const std::vector<bool>& present) const {
    for (const SequencePart& part : sequence.parts) {
        if (part.min < 1) continue;
        bool any = false;
        for (const std::string& name : part.names) {
            const int i = id(name);
            any = any || (i >= 0 && static_cast<std::size_t>(i) < present.size() && present[static_cast<std::size_t>(i)]);
        }
        if (!any) return false;
    }
    return true;
}

std::vector<std::pair<std::size_t, std::size_t>> matchAffinityTokens(const ParsedSequence& sequence,
                                                                     const AffinityVocabulary& vocabulary,
                                                                     const std::vector<int>& tokens) {
    std::vector<std::pair<std::size_t, std::size_t>> out;
    std::vector<TokenPart> parts;
    for (const SequencePart& part : sequence.parts) {
        TokenPart t{{}, part.min, part.max};
        for (const std::string& name : part.names) t.ids.push_back(vocabulary.id(name));
        parts.push_back(std::move(t));
    }
    if (parts.empty()) return out;
    if (!sequence.regex) {
        // fusion_ops_analyzer's _match_ops: the exact run of names, at every start (overlaps allowed).
        for (std::size_t i = 0; i + parts.size() <= tokens.size(); ++i) {
            bool all = true;
            for (std::size_t k = 0; all && k < parts.size(); ++k) all = tokenIn(tokens[i + k], parts[k]);
            if (all) out.emplace_back(i, i + parts.size());
        }
        return out;
    }
    // _match_ops_with_regex: re.finditer over "-a--b--c-": leftmost, greedy, each match after the last.
    // An empty match (every part optional and none present) is not a sequence; a match starts with an
    // operator some pattern names.
    for (std::size_t i = 0; i < tokens.size();) {
        const std::size_t end = tokens[i] < 0 ? std::string::npos : matchFrom(parts, 0, tokens, i);
        if (end != std::string::npos && end > i) {
            out.emplace_back(i, end);
            i = end;
        } else {
            ++i;
        }
    }
    return out;
}

std::vector<std::pair<std::size_t, std::size_t>> matchAffinitySequence(const ParsedSequence& sequence,
                                                                       const std::vector<std::string_view>& names) {
    AffinityVocabulary vocabulary;
    vocabulary.add(sequence);
    std::vector<int> tokens;
    tokens.reserve(names.size());
    for (std::string_view name : names) tokens.push_back(vocabulary.id(name));
    return matchAffinityTokens(sequence, vocabulary, tokens);
}

bool loadAffinityPatterns(const char* json, std::vector<AffinityPattern>* out, Error* error) {
    out->clear();
    const char* text = json ? json : defaultAffinityPatternsJson();
    auto fail = [&](const std::string& what) {
        *error = Error{ErrorCode::WrongType, "affinity_api_patterns.json", -1, -1, -1, what, {}};
        return false;
    };
    const nlohmann::json doc = nlohmann::json::parse(text, nullptr, false);
    if (doc.is_discarded() || !doc.is_object() || !doc.contains("patterns") || !doc["patterns"].is_array())
        return fail("a JSON object with a \"patterns\" array");
    for (const nlohmann::json& p : doc["patterns"]) {
        if (!p.is_object() || !p.value("api", nlohmann::json()).is_string() || !p.value("sequence", nlohmann::json()).is_string())
            return fail("patterns with a string \"api\" and \"sequence\"");
        AffinityPattern pattern;
        pattern.api = p["api"].get<std::string>();
        pattern.sequence = p["sequence"].get<std::string>();
        pattern.mode = p.value("mode", std::string("aten"));
        pattern.source = p.value("source", std::string());
        if (pattern.mode != "aten" && pattern.mode != "optimizer") return fail("mode \"aten\" or \"optimizer\" for " + pattern.api);
        ParsedSequence parsed;
        std::string message;
        if (!parseAffinitySequence(pattern.sequence, &parsed, &message)) return fail("a sequence for " + pattern.api + ": " + message);
        out->push_back(std::move(pattern));
    }
    return true;
}

} // namespace opscope
