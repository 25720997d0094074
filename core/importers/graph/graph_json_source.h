// A graph file read whole (gzip transparently) and parsed as JSON, with the file's text kept so that
// errors found later (a missing field in nodes[12]) still report the byte offset, line and column.
#pragma once
#include "core/model/error.h"

#include <nlohmann/json.hpp>

#include <string>
#include <string_view>

namespace opscope {

struct JsonSource {
    std::string path;
    std::string text;
    nlohmann::json doc;
    std::size_t invalidUtf8Replaced = 0; // repaired before parsing (U+FFFD), so that the graph still reads

};

// Reads and parses; a syntax error names where it is and what was expected there. Nesting deeper than
// kMaxDocumentDepth is refused before parsing (every later walk of the document may recurse).
bool readJsonSource(const std::string& path, JsonSource* out, Error* error);

// An error about the value at a JSON pointer ("/nodes/12/name"): located in the text as far as the
// pointer resolves (the parent when the member is missing).
Error jsonValueError(const JsonSource& source, std::string_view pointer, std::string expected,
                     ErrorCode code = ErrorCode::WrongType);

// Byte offset of the value at pointer, or of the deepest existing parent; -1 when nothing matches.
std::int64_t locateJsonPointer(std::string_view text, std::string_view pointer);

// 1-based line and column of a byte offset.
void lineAndColumn(std::string_view text, std::int64_t offset, std::int64_t* line, std::int64_t* column);

} // namespace opscope
