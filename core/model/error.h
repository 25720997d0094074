// Errors are values in core: a code, the file, where in it, and what was expected.
// Core does not write sentences for users; the CLI and the GUI turn these fields into text.
#pragma once
#include <cstdint>
#include <optional>
#include <string>

namespace opscope {

enum class ErrorCode {
    None,
    FileNotFound,
    NotAFile,      // a directory where a file was expected, or a special file
    EmptyFile,
    ReadFailed,
    BadGzip,
    NotJson,       // first bytes are not a JSON document
    JsonSyntax,    // the tokenizer stopped: see expected
    Truncated,     // the document ended inside an object or string
    WrongType,     // a field had a type the format does not allow
    UnknownFormat, // nothing in opscope reads this file or folder
    BadCsv,
    BadDatabase,
    StoreFailed,   // SQLite refused to write the store
    Cancelled,
    BadStore,       // a file given as an opscope store is foreign, damaged or of another schema version
    WouldOverwrite, // the output path holds something that is not an opscope store, or is an input
    SourceChanged,  // an input file changed while it was being imported
    TextSyntax,     // a syntax error in a text format that is not JSON or CSV (protobuf text, YAML)
};

struct Error {
    ErrorCode code = ErrorCode::None;
    std::string file;
    std::int64_t byteOffset = -1; // -1: not known
    std::int64_t line = -1;       // 1-based; -1: not known
    std::int64_t column = -1;     // 1-based; -1: not known
    std::string expected;         // what the reader wanted at that point
    std::string detail;           // the underlying library's own words, if any

    explicit operator bool() const { return code != ErrorCode::None; }
};

// Short, stable name of a code (used in the CLI, the warning table and tests).
const char* errorCodeName(ErrorCode code);

// One line, English, for logs and the CLI: "file:line:column (byte N): <code>: expected ...: detail".
std::string describe(const Error& error);

} // namespace opscope
