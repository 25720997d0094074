#include "core/model/error.h"

namespace opscope {

const char* errorCodeName(ErrorCode code) {
    switch (code) {
    case ErrorCode::None: return "ok";
    case ErrorCode::FileNotFound: return "file-not-found";
    case ErrorCode::NotAFile: return "not-a-file";
    case ErrorCode::EmptyFile: return "empty-file";
    case ErrorCode::ReadFailed: return "read-failed";
    case ErrorCode::BadGzip: return "bad-gzip";
    case ErrorCode::NotJson: return "not-json";
    case ErrorCode::JsonSyntax: return "json-syntax";
    case ErrorCode::Truncated: return "truncated";
    case ErrorCode::WrongType: return "wrong-type";
    case ErrorCode::UnknownFormat: return "unknown-format";
    case ErrorCode::BadCsv: return "bad-csv";
    case ErrorCode::BadDatabase: return "bad-database";
    case ErrorCode::StoreFailed: return "store-failed";
    case ErrorCode::Cancelled: return "cancelled";
    case ErrorCode::BadStore: return "bad-store";
    case ErrorCode::WouldOverwrite: return "would-overwrite";
    case ErrorCode::SourceChanged: return "source-changed";
    case ErrorCode::TextSyntax: return "text-syntax";
    }
    return "unknown";
}

std::string describe(const Error& error) {
    std::string out = error.file.empty() ? std::string("<input>") : error.file;
    if (error.line >= 0) {
        out.append(":").append(std::to_string(error.line));
        if (error.column >= 0) out.append(":").append(std::to_string(error.column));
    }
    if (error.byteOffset >= 0) out.append(" (byte ").append(std::to_string(error.byteOffset)).append(")");
    out.append(": ").append(errorCodeName(error.code));
    if (!error.expected.empty()) out.append(": expected ").append(error.expected);
    if (!error.detail.empty()) out.append(": ").append(error.detail);
    return out;
}

} // namespace opscope
