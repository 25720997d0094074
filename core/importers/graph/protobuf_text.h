// A reader of the protobuf text format (what TextFormat::Print writes and GE dumps its graphs in):
// the document as a flat tree of fields, without a schema. The parser keeps an explicit stack, so a
// deeply nested input costs memory, not call stack; errors carry the byte offset, line and column.
#pragma once
#include "core/model/error.h"

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace opscope {

struct TextField {
    std::string name;
    std::string value;           // a scalar's text: strings unescaped (and joined), numbers and enums as written
    bool isMessage = false;
    bool isString = false;       // the value was a quoted string
    std::int64_t offset = 0;     // byte offset of the field's name
    std::int32_t parent = -1;    // index into TextDocument::fields; -1: top level
    std::int32_t firstChild = -1, lastChild = -1, nextSibling = -1;
};

struct TextDocument {
    std::vector<TextField> fields;
    std::int32_t firstTopLevel = -1;
    std::size_t invalidUtf8Replaced = 0; // string bytes that were not UTF-8, replaced by U+FFFD

    // Calls fn(index) for each direct child of parent (-1: the top-level fields), in file order.
    template <typename Fn>
    void forEachChild(std::int32_t parent, Fn&& fn) const {
        std::int32_t i = parent < 0 ? firstTopLevel : fields[static_cast<std::size_t>(parent)].firstChild;
        for (; i >= 0; i = fields[static_cast<std::size_t>(i)].nextSibling) fn(i);
    }
    // The first direct child named name, or -1.
    std::int32_t child(std::int32_t parent, std::string_view name) const;
};

// Messages nested deeper than this are refused (an error, not a crash): no GE graph comes near it.
constexpr std::size_t kMaxTextNesting = 100000;

// Parses text (the contents of path, used in errors). Accepts `name: value`, `name { ... }`,
// `name: { ... }`, `name < ... >`, lists `name: [a, b]` and `name [{...}, {...}]`, `#` comments and
// `;`/`,` separators; strings in single or double quotes with the C escapes, \x, octal, \u and \U.
bool parseProtobufText(std::string_view text, const std::string& path, TextDocument* out, Error* error);

// True when the first token of text is a field name followed by ':', '{' or '<' (JSON starts with '{'
// or '['): the sniffing test for protobuf-text graph dumps.
bool looksLikeProtobufText(std::string_view text);

} // namespace opscope
