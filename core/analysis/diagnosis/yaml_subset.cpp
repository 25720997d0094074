// Line by line: a stack of the open block collections with their indentation, a "pending" node for a
// key or item whose value starts on a later line, and a small loop with its own stack for the flow
// collections of one line.
#include "core/analysis/diagnosis/yaml_subset.h"

#include "core/model/utf8.h"

namespace opscope {

std::vector<std::int32_t> YamlDocument::children(std::int32_t i) const {
    std::vector<std::int32_t> out;
    for (std::int32_t c = at(i).firstChild; c >= 0; c = at(c).nextSibling) out.push_back(c);
    return out;
}

std::int32_t YamlDocument::value(std::int32_t mapping, std::string_view key) const {
    if (at(mapping).kind != YamlNode::Kind::Mapping) return -1;
    for (std::int32_t c = at(mapping).firstChild; c >= 0; c = at(c).nextSibling)
        if (at(c).key == key) return c;
    return -1;
}

namespace {

using Kind = YamlNode::Kind;

bool isSpace(char c) { return c == ' ' || c == '\t'; }

bool isDash(std::string_view s) { return !s.empty() && s[0] == '-' && (s.size() == 1 || isSpace(s[1])); }

bool isCommentOrEmpty(std::string_view s) {
    std::size_t i = 0;
    while (i < s.size() && isSpace(s[i])) ++i;
    return i == s.size() || s[i] == '#';
}

class YamlParser {
public:
    YamlParser(std::string_view text, const std::string& path, YamlDocument* out) : text_(text), path_(path), out_(out) {}

    bool run(Error* error) {
        out_->nodes.assign(1, YamlNode{});
        out_->nodes[0].line = 1;
        pending_ = 0;
        pendingIndent_ = -1;
        std::size_t start = 0;
        while (start <= text_.size()) {
            std::size_t end = text_.find('\n', start);
            if (end == std::string_view::npos) end = text_.size();
            ++lineNo_;
            lineStart_ = start;
            std::string_view line = text_.substr(start, end - start);
            if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
            if (!processLine(line, error)) return false;
            start = end + 1;
        }
        return true;
    }

private:
    Error fail(std::size_t column, std::string expected) const {
        Error e{ErrorCode::TextSyntax, path_, static_cast<std::int64_t>(lineStart_ + column), lineNo_,
                static_cast<std::int64_t>(column) + 1, std::move(expected), {}};
        return e;
    }

    std::int32_t addChild(std::int32_t parent, Kind kind) {
        const auto index = static_cast<std::int32_t>(out_->nodes.size());
        YamlNode n;
        n.kind = kind;
        n.line = lineNo_;
        out_->nodes.push_back(std::move(n));
        YamlNode& p = out_->nodes[static_cast<std::size_t>(parent)];
        if (p.lastChild < 0) p.firstChild = index;
        else out_->nodes[static_cast<std::size_t>(p.lastChild)].nextSibling = index;
        p.lastChild = index;
        return index;
    }

    YamlNode& node(std::int32_t i) { return out_->nodes[static_cast<std::size_t>(i)]; }

    bool processLine(std::string_view line, Error* error) {
        std::size_t indent = 0;
        while (indent < line.size() && line[indent] == ' ') ++indent;
        if (indent < line.size() && line[indent] == '\t') {
            *error = fail(indent, "spaces for indentation (YAML does not allow tabs there)");
            return false;
        }
        std::string_view content = line.substr(indent);
        if (isCommentOrEmpty(content)) return true;
        if (indent == 0 && (content == "---" || content.rfind("--- ", 0) == 0 || content == "...")) {
            if (seenContent_) {
                *error = fail(0, "one YAML document (a second '---' starts another)");
                return false;
            }
            return true;
        }
        seenContent_ = true;
        const int col = static_cast<int>(indent);
        if (pending_ >= 0) {
            const bool dash = isDash(content);
            if (col > pendingIndent_ || (dash && col == pendingIndent_ && !pendingIsItem_)) {
                node(pending_).kind = dash ? Kind::Sequence : Kind::Mapping; // its line stays its key's
                stack_.push_back({col, pending_});
            }
            pending_ = -1;
        }
        while (!stack_.empty() && stack_.back().indent > col) stack_.pop_back();
        // A sequence written at its key's indentation ("key:\n- a") ends at the next line that is no item.
        if (stack_.size() > 1 && stack_.back().indent == col && !isDash(content) &&
            node(stack_.back().node).kind == Kind::Sequence && stack_[stack_.size() - 2].indent == col)
            stack_.pop_back();
        if (stack_.empty() || stack_.back().indent != col) {
            *error = fail(indent, "the indentation of an enclosing block");
            return false;
        }
        return entry(col, content, error);
    }

    // content (at column col) continues the block collection on top of the stack.
    bool entry(int col, std::string_view content, Error* error) {
        for (;;) {
            const Block block = stack_.back();
            if (node(block.node).kind == Kind::Sequence) {
                if (!isDash(content)) {
                    *error = fail(static_cast<std::size_t>(col), "'- ' starting an item of the sequence opened at line " +
                                                                     std::to_string(node(block.node).line));
                    return false;
                }
                std::size_t skip = 1;
                while (skip < content.size() && content[skip] == ' ') ++skip;
                const int itemCol = col + static_cast<int>(skip);
                std::string_view rest = content.substr(skip);
                const std::int32_t item = addChild(block.node, Kind::Null);
                if (isCommentOrEmpty(rest)) {
                    pending_ = item;
                    pendingIndent_ = col;
                    pendingIsItem_ = true;
                    return true;
                }
                if (isDash(rest) || isMappingEntry(rest)) {
                    node(item).kind = isDash(rest) ? Kind::Sequence : Kind::Mapping;
                    stack_.push_back({itemCol, item});
                    col = itemCol;
                    content = rest;
                    continue;
                }
                return value(item, rest, static_cast<std::size_t>(itemCol), error);
            }
            // A mapping.
            std::string key;
            std::size_t after = 0;
            if (isDash(content) || !mappingKey(content, &key, &after, error, static_cast<std::size_t>(col))) {
                if (!*error) *error = fail(static_cast<std::size_t>(col), "'key: value' in the mapping opened at line " +
                                                                              std::to_string(node(block.node).line));
                return false;
            }
            const std::int32_t val = addChild(block.node, Kind::Null);
            node(val).key = std::move(key);
            std::size_t v = after;
            while (v < content.size() && isSpace(content[v])) ++v;
            std::string_view rest = content.substr(v);
            if (isCommentOrEmpty(rest)) {
                pending_ = val;
                pendingIndent_ = col;
                pendingIsItem_ = false;
                return true;
            }
            if (isMappingEntry(rest)) {
                *error = fail(static_cast<std::size_t>(col) + v, "a value (a nested mapping starts on the next line, indented)");
                return false;
            }
            return value(val, rest, static_cast<std::size_t>(col) + v, error);
        }
    }

    // Whether s starts with a mapping key followed by ':' and a space or the end.
    static bool isMappingEntry(std::string_view s) {
        if (s.empty() || s[0] == '[' || s[0] == '{') return false;
        std::size_t i = 0;
        if (s[0] == '"' || s[0] == '\'') {
            const char q = s[0];
            for (i = 1; i < s.size(); ++i) {
                if (s[i] == '\\' && q == '"') { ++i; continue; }
                if (s[i] == q) {
                    if (q == '\'' && i + 1 < s.size() && s[i + 1] == '\'') { ++i; continue; }
                    break;
                }
            }
            if (i >= s.size()) return false;
            ++i;
            while (i < s.size() && isSpace(s[i])) ++i;
            return i < s.size() && s[i] == ':' && (i + 1 == s.size() || isSpace(s[i + 1]));
        }
        for (; i < s.size(); ++i) {
            if (s[i] == '#' && i > 0 && isSpace(s[i - 1])) return false;
            if (s[i] == ':' && (i + 1 == s.size() || isSpace(s[i + 1]))) return true;
        }
        return false;
    }

    // The key of a mapping entry; *after: the index just past its ':'.
    bool mappingKey(std::string_view s, std::string* key, std::size_t* after, Error* error, std::size_t col) {
        if (!isMappingEntry(s)) return false;
        if (s[0] == '"' || s[0] == '\'') {
            std::size_t end = 0;
            if (!quoted(s, 0, key, &end, error, col)) return false;
            while (s[end] != ':') ++end;
            *after = end + 1;
            return true;
        }
        std::size_t colon = 0;
        while (!(s[colon] == ':' && (colon + 1 == s.size() || isSpace(s[colon + 1])))) ++colon;
        std::size_t e = colon;
        while (e > 0 && isSpace(s[e - 1])) --e;
        *key = std::string(s.substr(0, e));
        *after = colon + 1;
        return true;
    }

    // A quoted scalar starting at s[i]; *end: the index past the closing quote.
    bool quoted(std::string_view s, std::size_t i, std::string* out, std::size_t* end, Error* error, std::size_t col) {
        const char q = s[i];
        out->clear();
        for (std::size_t k = i + 1; k < s.size(); ++k) {
            const char c = s[k];
            if (c == q) {
                if (q == '\'' && k + 1 < s.size() && s[k + 1] == '\'') {
                    out->push_back('\'');
                    ++k;
                    continue;
                }
                *end = k + 1;
                if (!isValidUtf8(*out)) *out = sanitizedUtf8(*out);
                return true;
            }
            if (c == '\\' && q == '"') {
                if (k + 1 >= s.size()) break;
                const char e = s[++k];
                switch (e) {
                case 'n': out->push_back('\n'); break;
                case 't': out->push_back('\t'); break;
                case 'r': out->push_back('\r'); break;
                case '0': out->push_back('\0'); break;
                case '\\': case '"': case '/': case ' ': out->push_back(e); break;
                default:
                    *error = fail(col + k - 1, "an escape opscope's YAML subset reads (\\n \\t \\r \\0 \\\\ \\\" \\/)");
                    return false;
                }
                continue;
            }
            out->push_back(c);
        }
        *error = fail(col + i, std::string("the closing ") + q + " on the same line (multi-line strings are not supported)");
        return false;
    }

    static bool unsupportedStart(char c) { return c == '&' || c == '*' || c == '!' || c == '|' || c == '>' || c == '%' || c == '@' || c == '`'; }

    // A scalar or a flow collection for node n: the rest of the line must hold nothing else.
    bool value(std::int32_t n, std::string_view s, std::size_t col, Error* error) {
        std::size_t end = 0;
        if (s[0] == '[' || s[0] == '{') {
            if (!flow(n, s, col, &end, error)) return false;
        } else if (s[0] == '"' || s[0] == '\'') {
            node(n).kind = Kind::Scalar;
            std::string text;
            if (!quoted(s, 0, &text, &end, error, col)) return false;
            node(n).text = std::move(text);
        } else {
            if (unsupportedStart(s[0])) {
                *error = fail(col, "a plain value (anchors, aliases, tags and block scalars are not supported)");
                return false;
            }
            std::size_t e = 0;
            while (e < s.size() && !(s[e] == '#' && e > 0 && isSpace(s[e - 1]))) ++e;
            end = e;
            while (e > 0 && isSpace(s[e - 1])) --e;
            node(n).kind = Kind::Scalar;
            node(n).text = sanitizedUtf8(s.substr(0, e));
        }
        if (!isCommentOrEmpty(s.substr(end))) {
            *error = fail(col + end, "the end of the line or a comment");
            return false;
        }
        return true;
    }

    // A flow collection starting at s[0], read with an explicit stack; *end: the index past its close.
    bool flow(std::int32_t n, std::string_view s, std::size_t col, std::size_t* end, Error* error) {
        struct Open {
            std::int32_t node;
            bool mapping;
        };
        std::vector<Open> open;
        std::size_t i = 0;
        std::int32_t target = n; // the node the next value fills
        auto skip = [&] {
            while (i < s.size() && isSpace(s[i])) ++i;
        };
        for (;;) {
            skip();
            if (i >= s.size()) {
                *error = fail(col + i, "a value and the closing bracket on the same line (multi-line flow collections are not supported)");
                return false;
            }
            // A value.
            if (s[i] == '[' || s[i] == '{') {
                if (open.size() >= static_cast<std::size_t>(kMaxYamlFlowNesting)) {
                    *error = fail(col + i, "flow collections nested at most " + std::to_string(kMaxYamlFlowNesting) + " deep");
                    return false;
                }
                node(target).kind = s[i] == '[' ? Kind::Sequence : Kind::Mapping;
                open.push_back({target, s[i] == '{'});
                ++i;
                skip();
                if (i < s.size() && (s[i] == ']' || s[i] == '}')) {
                    if (s[i] != (open.back().mapping ? '}' : ']')) {
                        *error = fail(col + i, std::string("'") + (open.back().mapping ? '}' : ']') + "'");
                        return false;
                    }
                    open.pop_back();
                    ++i;
                } else {
                    if (!nextSlot(open.back(), s, &i, col, &target, error)) return false;
                    continue;
                }
            } else {
                std::string text;
                if (s[i] == '"' || s[i] == '\'') {
                    std::size_t e = 0;
                    if (!quoted(s, i, &text, &e, error, col)) return false;
                    i = e;
                } else {
                    if (unsupportedStart(s[i])) {
                        *error = fail(col + i, "a plain value (anchors, aliases, tags and block scalars are not supported)");
                        return false;
                    }
                    std::size_t b = i;
                    while (i < s.size() && s[i] != ',' && s[i] != ']' && s[i] != '}') ++i;
                    std::size_t e = i;
                    while (e > b && isSpace(s[e - 1])) --e;
                    text = sanitizedUtf8(s.substr(b, e - b));
                }
                node(target).kind = Kind::Scalar;
                node(target).text = std::move(text);
            }
            // After a value: ',' or the close of the innermost collection.
            for (;;) {
                if (open.empty()) {
                    *end = i;
                    return true;
                }
                skip();
                const char close = open.back().mapping ? '}' : ']';
                if (i < s.size() && s[i] == ',') {
                    ++i;
                    if (!nextSlot(open.back(), s, &i, col, &target, error)) return false;
                    break;
                }
                if (i < s.size() && s[i] == close) {
                    open.pop_back();
                    ++i;
                    continue;
                }
                *error = fail(col + i, i >= s.size() ? std::string("the closing '") + close +
                                                           "' on the same line (multi-line flow collections are not supported)"
                                                     : std::string("',' or '") + close + "'");
                return false;
            }
        }
    }

    // Adds the next element of a flow collection (a mapping's key is read here, up to its ':').
    template <typename OpenT>
    bool nextSlot(const OpenT& open, std::string_view s, std::size_t* i, std::size_t col, std::int32_t* target, Error* error) {
        *target = addChild(open.node, Kind::Null);
        if (!open.mapping) return true;
        while (*i < s.size() && isSpace(s[*i])) ++(*i);
        std::string key;
        if (*i < s.size() && (s[*i] == '"' || s[*i] == '\'')) {
            std::size_t e = 0;
            if (!quoted(s, *i, &key, &e, error, col)) return false;
            *i = e;
        } else {
            const std::size_t b = *i;
            while (*i < s.size() && s[*i] != ':' && s[*i] != ',' && s[*i] != '}') ++(*i);
            std::size_t e = *i;
            while (e > b && isSpace(s[e - 1])) --e;
            key = std::string(s.substr(b, e - b));
        }
        while (*i < s.size() && isSpace(s[*i])) ++(*i);
        if (*i >= s.size() || s[*i] != ':') {
            *error = fail(col + *i, "':' after the key '" + key + "' of a flow mapping");
            return false;
        }
        ++(*i);
        node(*target).key = std::move(key);
        return true;
    }

    struct Block {
        int indent;
        std::int32_t node;
    };

    std::string_view text_;
    const std::string& path_;
    YamlDocument* out_;
    std::vector<Block> stack_;
    std::int32_t pending_ = -1;
    int pendingIndent_ = -1;
    bool pendingIsItem_ = false;
    bool seenContent_ = false;
    std::int64_t lineNo_ = 0;
    std::size_t lineStart_ = 0;
};

} // namespace

bool parseYamlSubset(std::string_view text, const std::string& path, YamlDocument* out, Error* error) {
    *out = YamlDocument{};
    *error = Error{};
    // Node indices are int32: every node takes at least one byte of the text.
    if (text.size() > static_cast<std::size_t>(INT32_MAX)) {
        *error = Error{ErrorCode::TextSyntax, path, -1, -1, -1, "a YAML file below 2 GiB", {}};
        return false;
    }
    return YamlParser(text, path, out).run(error);
}

} // namespace opscope
