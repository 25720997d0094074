// The protobuf text format: a small lexer, then a loop over tokens with an explicit stack of open
// messages (and of the list, if any, each one is inside).
#include "core/importers/graph/protobuf_text.h"

#include "core/importers/graph/graph_json_source.h"
#include "core/model/utf8.h"

namespace opscope {

std::int32_t TextDocument::child(std::int32_t parent, std::string_view name) const {
    std::int32_t found = -1;
    forEachChild(parent, [&](std::int32_t i) {
        if (found < 0 && fields[static_cast<std::size_t>(i)].name == name) found = i;
    });
    return found;
}

namespace {

enum class Tok { End, Ident, Number, String, Punct };

struct Token {
    Tok kind = Tok::End;
    std::string text;   // identifier, number as written, unescaped string
    char punct = 0;
    std::int64_t offset = 0;
};

bool isIdentStart(char c) { return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || c == '_'; }
bool isDigit(char c) { return c >= '0' && c <= '9'; }
bool isIdentChar(char c) { return isIdentStart(c) || isDigit(c); }
int hexValue(char c) {
    if (isDigit(c)) return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
}

void appendUtf8(std::string* out, std::uint32_t cp) {
    if (cp < 0x80) {
        out->push_back(static_cast<char>(cp));
    } else if (cp < 0x800) {
        out->push_back(static_cast<char>(0xC0 | (cp >> 6)));
        out->push_back(static_cast<char>(0x80 | (cp & 0x3F)));
    } else if (cp < 0x10000) {
        out->push_back(static_cast<char>(0xE0 | (cp >> 12)));
        out->push_back(static_cast<char>(0x80 | ((cp >> 6) & 0x3F)));
        out->push_back(static_cast<char>(0x80 | (cp & 0x3F)));
    } else {
        out->push_back(static_cast<char>(0xF0 | (cp >> 18)));
        out->push_back(static_cast<char>(0x80 | ((cp >> 12) & 0x3F)));
        out->push_back(static_cast<char>(0x80 | ((cp >> 6) & 0x3F)));
        out->push_back(static_cast<char>(0x80 | (cp & 0x3F)));
    }
}

class Lexer {
public:
    Lexer(std::string_view text, const std::string& path) : text_(text), path_(path) {}

    // The next token (End at the end of the text); false with *error on a lexical error.
    bool next(Token* t, Error* error) {
        skipSpace();
        t->text.clear();
        t->punct = 0;
        t->offset = static_cast<std::int64_t>(pos_);
        if (pos_ >= text_.size()) {
            t->kind = Tok::End;
            return true;
        }
        const char c = text_[pos_];
        if (c == '"' || c == '\'') {
            t->kind = Tok::String;
            return readString(&t->text, error);
        }
        if (isIdentStart(c)) {
            t->kind = Tok::Ident;
            while (pos_ < text_.size() && (isIdentChar(text_[pos_]) || text_[pos_] == '.')) t->text.push_back(text_[pos_++]);
            return true;
        }
        const bool signedStart = (c == '-' || c == '+') && pos_ + 1 < text_.size() &&
                                 (isDigit(text_[pos_ + 1]) || text_[pos_ + 1] == '.' || isIdentStart(text_[pos_ + 1]));
        if (isDigit(c) || signedStart || (c == '.' && pos_ + 1 < text_.size() && isDigit(text_[pos_ + 1]))) {
            t->kind = Tok::Number;
            t->text.push_back(text_[pos_++]);
            while (pos_ < text_.size()) {
                const char d = text_[pos_];
                const char prev = t->text.back();
                const bool exponentSign = (d == '+' || d == '-') && (prev == 'e' || prev == 'E') &&
                                          t->text.find_first_of("xX") == std::string::npos;
                if (!isIdentChar(d) && d != '.' && !exponentSign) break;
                t->text.push_back(d);
                ++pos_;
            }
            return true;
        }
        static constexpr std::string_view kPunct = "{}<>[]:;,";
        if (kPunct.find(c) != std::string_view::npos) {
            t->kind = Tok::Punct;
            t->punct = c;
            ++pos_;
            return true;
        }
        *error = at(ErrorCode::TextSyntax, pos_, "a field name, a value or one of { } < > [ ] : ; ,");
        return false;
    }

    Error at(ErrorCode code, std::size_t offset, std::string expected) const {
        Error e{code, path_, static_cast<std::int64_t>(offset), -1, -1, std::move(expected), {}};
        lineAndColumn(text_, e.byteOffset, &e.line, &e.column);
        return e;
    }

private:
    void skipSpace() {
        while (pos_ < text_.size()) {
            const char c = text_[pos_];
            if (c == '#') {
                while (pos_ < text_.size() && text_[pos_] != '\n') ++pos_;
            } else if (c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v') {
                ++pos_;
            } else {
                break;
            }
        }
    }

    // Reads n hex digits (exactly n when exact, else 1..n) at pos_.
    bool hexDigits(std::size_t n, bool exact, std::uint32_t* value) {
        std::size_t read = 0;
        *value = 0;
        while (read < n && pos_ < text_.size() && hexValue(text_[pos_]) >= 0) {
            *value = *value * 16 + static_cast<std::uint32_t>(hexValue(text_[pos_++]));
            ++read;
        }
        return exact ? read == n : read > 0;
    }

    bool readEscape(std::string* out, Error* error) {
        const std::size_t escapeAt = pos_ - 1;
        if (pos_ >= text_.size()) {
            *error = at(ErrorCode::Truncated, pos_, "an escape sequence and the closing quote");
            return false;
        }
        const char e = text_[pos_++];
        switch (e) {
        case 'n': out->push_back('\n'); return true;
        case 't': out->push_back('\t'); return true;
        case 'r': out->push_back('\r'); return true;
        case 'a': out->push_back('\a'); return true;
        case 'b': out->push_back('\b'); return true;
        case 'f': out->push_back('\f'); return true;
        case 'v': out->push_back('\v'); return true;
        case '\\': case '\'': case '"': case '?': out->push_back(e); return true;
        default: break;
        }
        std::uint32_t value = 0;
        if (e >= '0' && e <= '7') {
            value = static_cast<std::uint32_t>(e - '0');
            for (int i = 0; i < 2 && pos_ < text_.size() && text_[pos_] >= '0' && text_[pos_] <= '7'; ++i)
                value = value * 8 + static_cast<std::uint32_t>(text_[pos_++] - '0');
            if (value > 0xFF) {
                *error = at(ErrorCode::TextSyntax, escapeAt, "an octal escape of at most \\377");
                return false;
            }
            out->push_back(static_cast<char>(value));
            return true;
        }
        if (e == 'x' || e == 'X') {
            if (!hexDigits(2, false, &value)) {
                *error = at(ErrorCode::TextSyntax, escapeAt, "one or two hex digits after \\x");
                return false;
            }
            out->push_back(static_cast<char>(value));
            return true;
        }
        if (e == 'u' || e == 'U') {
            if (!hexDigits(e == 'u' ? 4 : 8, true, &value) || value > 0x10FFFF || (value >= 0xD800 && value <= 0xDFFF)) {
                *error = at(ErrorCode::TextSyntax, escapeAt,
                            e == 'u' ? "four hex digits of a code point after \\u (no surrogates)"
                                     : "eight hex digits of a code point up to 10FFFF after \\U");
                return false;
            }
            appendUtf8(out, value);
            return true;
        }
        *error = at(ErrorCode::TextSyntax, escapeAt, "an escape of the protobuf text format (\\n \\t \\\\ \\\" \\' \\x \\ooo \\u ...)");
        return false;
    }

    bool readString(std::string* out, Error* error) {
        const std::size_t open = pos_;
        const char quote = text_[pos_++];
        while (pos_ < text_.size()) {
            const char c = text_[pos_++];
            if (c == quote) return true;
            if (c == '\n') {
                *error = at(ErrorCode::TextSyntax, pos_ - 1, "the closing quote of the string opened at byte " + std::to_string(open));
                return false;
            }
            if (c != '\\') {
                out->push_back(c);
            } else if (!readEscape(out, error)) {
                return false;
            }
        }
        *error = at(ErrorCode::Truncated, pos_, "the closing quote of the string opened at byte " + std::to_string(open));
        return false;
    }

    std::string_view text_;
    const std::string& path_;
    std::size_t pos_ = 0;
};

struct Frame {
    std::int32_t field = -1; // the open message; -1: the document
    char close = 0;          // '}' or '>'; 0: the end of the text
    // A list `name: [ ... ]` open inside this message: its field name, and whether an element or a
    // separator comes next.
    bool inList = false;
    bool afterElement = false;
    std::string listName;
    std::int64_t listOffset = 0;
};

class Parser {
public:
    Parser(std::string_view text, const std::string& path, TextDocument* out)
        : lexer_(text, path), out_(out) {}

    bool run(Error* error) {
        stack_.push_back(Frame{});
        if (!advance(error)) return false;
        for (;;) {
            Frame& frame = stack_.back();
            if (frame.inList) {
                if (!listStep(error)) return false;
                continue;
            }
            if (tok_.kind == Tok::End) {
                if (frame.close == 0) return true;
                const TextField& open = out_->fields[static_cast<std::size_t>(frame.field)];
                *error = lexer_.at(ErrorCode::Truncated, static_cast<std::size_t>(tok_.offset),
                                   std::string("'") + frame.close + "' closing message '" + open.name + "' opened at byte " +
                                       std::to_string(open.offset));
                return false;
            }
            if (tok_.kind == Tok::Punct && tok_.punct == frame.close) {
                stack_.pop_back();
                if (stack_.back().inList) stack_.back().afterElement = true;
                if (!advance(error)) return false;
                continue;
            }
            if (tok_.kind == Tok::Punct && (tok_.punct == ';' || tok_.punct == ',')) {
                if (!advance(error)) return false;
                continue;
            }
            if (tok_.kind != Tok::Ident) {
                *error = expected(frame.close == 0 ? "a field name" : std::string("a field name or '") + frame.close + "'");
                return false;
            }
            if (!fieldStep(error)) return false;
        }
    }

private:
    bool advance(Error* error) { return lexer_.next(&tok_, error); }

    Error expected(std::string what) const {
        return lexer_.at(tok_.kind == Tok::End ? ErrorCode::Truncated : ErrorCode::TextSyntax,
                         static_cast<std::size_t>(tok_.offset), std::move(what));
    }

    std::int32_t addField(std::string name, std::int64_t offset) {
        const std::int32_t parent = stack_.back().field;
        const auto index = static_cast<std::int32_t>(out_->fields.size());
        TextField f;
        f.name = std::move(name);
        f.offset = offset;
        f.parent = parent;
        out_->fields.push_back(std::move(f));
        if (parent < 0) {
            if (lastTopLevel_ < 0) out_->firstTopLevel = index;
            else out_->fields[static_cast<std::size_t>(lastTopLevel_)].nextSibling = index;
            lastTopLevel_ = index;
        } else {
            TextField& p = out_->fields[static_cast<std::size_t>(parent)];
            if (p.lastChild < 0) p.firstChild = index;
            else out_->fields[static_cast<std::size_t>(p.lastChild)].nextSibling = index;
            p.lastChild = index;
        }
        return index;
    }

    bool openMessage(std::string name, std::int64_t offset, char open, Error* error) {
        if (stack_.size() > kMaxTextNesting) {
            *error = lexer_.at(ErrorCode::TextSyntax, static_cast<std::size_t>(offset),
                               "messages nested at most " + std::to_string(kMaxTextNesting) + " levels deep");
            return false;
        }
        const std::int32_t index = addField(std::move(name), offset);
        out_->fields[static_cast<std::size_t>(index)].isMessage = true;
        Frame frame;
        frame.field = index;
        frame.close = open == '{' ? '}' : '>';
        stack_.push_back(std::move(frame));
        return advance(error);
    }

    bool isOpen() const { return tok_.kind == Tok::Punct && (tok_.punct == '{' || tok_.punct == '<'); }

    // A scalar value at tok_ (strings next to each other are one value), added as field name.
    bool scalar(const std::string& name, std::int64_t offset, Error* error) {
        if (tok_.kind != Tok::Ident && tok_.kind != Tok::Number && tok_.kind != Tok::String) {
            *error = expected("a value (a number, a name or a quoted string) for '" + name + "'");
            return false;
        }
        const std::int32_t index = addField(name, offset);
        TextField& f = out_->fields[static_cast<std::size_t>(index)];
        f.isString = tok_.kind == Tok::String;
        f.value = std::move(tok_.text);
        const Tok kind = tok_.kind;
        if (!advance(error)) return false;
        while (kind == Tok::String && tok_.kind == Tok::String) {
            out_->fields[static_cast<std::size_t>(index)].value += tok_.text;
            if (!advance(error)) return false;
        }
        if (kind == Tok::String) {
            std::string& value = out_->fields[static_cast<std::size_t>(index)].value;
            if (!isValidUtf8(value)) value = sanitizedUtf8(value, &out_->invalidUtf8Replaced);
        }
        return true;
    }

    // At a field name: `name: value`, `name: [..]`, `name {..}`, `name: {..}`.
    bool fieldStep(Error* error) {
        std::string name = std::move(tok_.text);
        const std::int64_t offset = tok_.offset;
        if (!advance(error)) return false;
        const bool colon = tok_.kind == Tok::Punct && tok_.punct == ':';
        if (colon && !advance(error)) return false;
        if (isOpen()) return openMessage(std::move(name), offset, tok_.punct, error);
        if (tok_.kind == Tok::Punct && tok_.punct == '[') {
            Frame& frame = stack_.back();
            frame.inList = true;
            frame.afterElement = false;
            frame.listName = std::move(name);
            frame.listOffset = offset;
            if (!advance(error)) return false;
            if (tok_.kind == Tok::Punct && tok_.punct == ']') { // an empty list
                stack_.back().inList = false;
                return advance(error);
            }
            return true;
        }
        if (!colon) {
            *error = expected("':' or '{' after field name '" + name + "'");
            return false;
        }
        return scalar(name, offset, error);
    }

    bool listStep(Error* error) {
        Frame& frame = stack_.back();
        if (frame.afterElement) {
            if (tok_.kind == Tok::Punct && tok_.punct == ',') {
                frame.afterElement = false;
                return advance(error);
            }
            if (tok_.kind == Tok::Punct && tok_.punct == ']') {
                frame.inList = false;
                return advance(error);
            }
            *error = expected("',' or ']' in the list '" + frame.listName + "'");
            return false;
        }
        if (isOpen()) return openMessage(frame.listName, tok_.offset, tok_.punct, error);
        const std::string name = frame.listName;
        if (!scalar(name, tok_.offset, error)) return false;
        stack_.back().afterElement = true;
        return true;
    }

    Lexer lexer_;
    TextDocument* out_;
    std::vector<Frame> stack_;
    Token tok_;
    std::int32_t lastTopLevel_ = -1;
};

} // namespace

bool parseProtobufText(std::string_view text, const std::string& path, TextDocument* out, Error* error) {
    *out = TextDocument{};
    // Field indices are int32: a document with more fields than that is refused before it grows.
    if (text.size() > static_cast<std::size_t>(INT32_MAX)) {
        *error = Error{ErrorCode::TextSyntax, path, -1, -1, -1, "a protobuf text file below 2 GiB", {}};
        return false;
    }
    Parser parser(text, path, out);
    return parser.run(error);
}

bool looksLikeProtobufText(std::string_view text) {
    std::size_t i = 0;
    for (;;) {
        while (i < text.size() && (text[i] == ' ' || text[i] == '\t' || text[i] == '\n' || text[i] == '\r')) ++i;
        if (i < text.size() && text[i] == '#') {
            while (i < text.size() && text[i] != '\n') ++i;
            continue;
        }
        break;
    }
    if (i >= text.size() || !isIdentStart(text[i])) return false;
    while (i < text.size() && isIdentChar(text[i])) ++i;
    while (i < text.size() && (text[i] == ' ' || text[i] == '\t' || text[i] == '\n' || text[i] == '\r')) ++i;
    return i < text.size() && (text[i] == ':' || text[i] == '{' || text[i] == '<');
}

} // namespace opscope
