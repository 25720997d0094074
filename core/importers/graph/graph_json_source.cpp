#include "core/importers/graph/graph_json_source.h"

#include "core/importers/chrome_json/byte_source.h"
#include "core/importers/chrome_json/json_scan.h"
#include "core/model/json_depth.h"
#include "core/model/utf8.h"

#include <cstdlib>
#include <vector>

namespace opscope {

namespace {

bool readAll(const std::string& path, std::string* text, Error* error) {
    std::unique_ptr<ByteSource> source = ByteSource::open(path, error);
    if (!source) return false;
    std::vector<char> buffer(1 << 20);
    for (;;) {
        std::ptrdiff_t n = source->read(buffer.data(), buffer.size());
        if (n < 0) {
            *error = source->error();
            return false;
        }
        if (n == 0) break;
        text->append(buffer.data(), static_cast<std::size_t>(n));
    }
    return true;
}

// nlohmann's message without its "[json.exception.parse_error.101] parse error at line 1, column 2: " prefix.
std::string parserDetail(const std::string& what) {
    std::size_t colon = what.find(": ");
    return colon == std::string::npos ? what : what.substr(colon + 2);
}

std::vector<std::string> pointerParts(std::string_view pointer) {
    std::vector<std::string> parts;
    std::size_t i = 0;
    while (i < pointer.size()) {
        if (pointer[i] != '/') break;
        std::size_t next = pointer.find('/', i + 1);
        std::string_view raw = pointer.substr(i + 1, next == std::string_view::npos ? std::string_view::npos : next - i - 1);
        std::string part;
        for (std::size_t k = 0; k < raw.size(); ++k) {
            if (raw[k] == '~' && k + 1 < raw.size()) {
                part.push_back(raw[k + 1] == '1' ? '/' : '~');
                ++k;
            } else {
                part.push_back(raw[k]);
            }
        }
        parts.push_back(std::move(part));
        if (next == std::string_view::npos) break;
        i = next;
    }
    return parts;
}

// p at '{': moves p to the member's value; false when the member is absent.
bool enterMember(const char*& p, const char* end, const std::string& key) {
    json::ScanError err;
    int controls = 0;
    ++p;
    for (;;) {
        p = json::skipWhitespace(p, end);
        if (p >= end || *p != '"') return false;
        std::string_view raw;
        bool escapes = false;
        if (!json::readString(p, end, &raw, &escapes, &err, &controls)) return false;
        bool match = escapes ? json::unescape(raw) == key : raw == key;
        p = json::skipWhitespace(p, end);
        if (p >= end || *p != ':') return false;
        p = json::skipWhitespace(p + 1, end);
        if (match) return true;
        if (!json::skipValue(p, end, &err, &controls)) return false;
        p = json::skipWhitespace(p, end);
        if (p >= end || *p != ',') return false;
        ++p;
    }
}

// p at '[': moves p to element index; false when the array is shorter.
bool enterElement(const char*& p, const char* end, long index) {
    json::ScanError err;
    int controls = 0;
    p = json::skipWhitespace(p + 1, end);
    for (long i = 0; i < index; ++i) {
        if (!json::skipValue(p, end, &err, &controls)) return false;
        p = json::skipWhitespace(p, end);
        if (p >= end || *p != ',') return false;
        p = json::skipWhitespace(p + 1, end);
    }
    return p < end && *p != ']';
}

} // namespace

void lineAndColumn(std::string_view text, std::int64_t offset, std::int64_t* line, std::int64_t* column) {
    std::int64_t l = 1, lineStart = 0;
    std::int64_t limit = std::min<std::int64_t>(offset, static_cast<std::int64_t>(text.size()));
    for (std::int64_t i = 0; i < limit; ++i) {
        if (text[static_cast<std::size_t>(i)] == '\n') {
            ++l;
            lineStart = i + 1;
        }
    }
    *line = l;
    *column = offset - lineStart + 1;
}

std::int64_t locateJsonPointer(std::string_view text, std::string_view pointer) {
    const char* begin = text.data();
    const char* end = begin + text.size();
    const char* p = json::skipWhitespace(begin, end);
    if (p >= end) return -1;
    for (const std::string& part : pointerParts(pointer)) {
        const char* here = p;
        bool ok = false;
        if (*p == '{') {
            ok = enterMember(p, end, part);
        } else if (*p == '[') {
            char* numberEnd = nullptr;
            long index = std::strtol(part.c_str(), &numberEnd, 10);
            ok = numberEnd != part.c_str() && enterElement(p, end, index);
        }
        if (!ok) return here - begin; // the deepest value that exists
    }
    return p - begin;
}

Error jsonValueError(const JsonSource& source, std::string_view pointer, std::string expected, ErrorCode code) {
    Error e;
    e.code = code;
    e.file = source.path;
    e.byteOffset = locateJsonPointer(source.text, pointer);
    if (e.byteOffset >= 0) lineAndColumn(source.text, e.byteOffset, &e.line, &e.column);
    e.expected = std::move(expected);
    e.detail = "at " + std::string(pointer.empty() ? "/" : pointer);
    return e;
}

bool readJsonSource(const std::string& path, JsonSource* out, Error* error) {
    out->path = path;
    out->text.clear();
    if (!readAll(path, &out->text, error)) return false;
    const char* p = json::skipWhitespace(out->text.data(), out->text.data() + out->text.size());
    if (p == out->text.data() + out->text.size()) {
        *error = Error{ErrorCode::EmptyFile, path, 0, 1, 1, "a JSON graph document", {}};
        return false;
    }
    if (*p != '{' && *p != '[') {
        std::int64_t at = p - out->text.data();
        *error = Error{ErrorCode::NotJson, path, at, -1, -1, "a JSON object ('{')", {}};
        lineAndColumn(out->text, at, &error->line, &error->column);
        return false;
    }
    if (jsonNestingExceeds(out->text, kMaxDocumentDepth)) {
        *error = Error{ErrorCode::JsonSyntax, path, -1, -1, -1,
                       "objects and arrays nested at most " + std::to_string(kMaxDocumentDepth) + " levels deep", {}};
        return false;
    }
    std::string repaired;
    if (sanitizeJsonText(out->text, &repaired, &out->invalidUtf8Replaced)) out->text = std::move(repaired);
    try {
        out->doc = nlohmann::json::parse(out->text);
    } catch (const nlohmann::json::out_of_range& e) { // a number beyond double range (1e309)
        *error = Error{ErrorCode::JsonSyntax, path, -1, -1, -1, "numbers within the range of a double",
                       parserDetail(e.what())};
        return false;
    } catch (const nlohmann::json::parse_error& e) {
        // e.byte is 1-based: the byte the parser read last.
        std::int64_t at = e.byte > 0 ? static_cast<std::int64_t>(e.byte) - 1 : 0;
        bool atEnd = at >= static_cast<std::int64_t>(out->text.size()) - 1 &&
                     std::string(e.what()).find("unexpected end of input") != std::string::npos;
        *error = Error{atEnd ? ErrorCode::Truncated : ErrorCode::JsonSyntax, path, at, -1, -1,
                       atEnd ? "the rest of the document (it ends inside a value)" : "valid JSON",
                       parserDetail(e.what())};
        lineAndColumn(out->text, at, &error->line, &error->column);
        return false;
    }
    return true;
}

} // namespace opscope
