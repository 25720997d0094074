// Streaming RFC 4180 CSV reader for Ascend summary files: one record at a time, quoted fields that
// span lines, a UTF-8 BOM, CRLF or LF line ends; it reports where each record starts (line, byte).
#pragma once
#include "core/model/error.h"

#include <cstdint>
#include <cstdio>
#include <memory>
#include <string>
#include <vector>

namespace opscope {

class CsvReader {
public:
    static std::unique_ptr<CsvReader> open(const std::string& path, Error* error);
    ~CsvReader();
    CsvReader(const CsvReader&) = delete;
    CsvReader& operator=(const CsvReader&) = delete;

    // Reads the next non-empty record into fields. Returns false at the end of the file or on a read
    // error (error() is then set). A file that ends inside a quoted field still yields that last,
    // partial record once, with endedInsideQuotes() true.
    bool next(std::vector<std::string>* fields);

    std::int64_t recordLine() const { return recordLine_; }     // 1-based line where the record began
    std::int64_t recordOffset() const { return recordOffset_; } // byte offset where the record began
    bool recordHadLineEnd() const { return recordHadLineEnd_; } // false: the file ended in this record
    bool endedInsideQuotes() const { return endedInsideQuotes_; }
    bool hadBom() const { return hadBom_; }
    std::int64_t bytesRead() const { return consumed_; }
    std::int64_t fileSize() const { return fileSize_; }
    const std::string& path() const { return path_; }
    const Error& error() const { return error_; }

private:
    CsvReader() = default;
    int peekByte();  // -1 at the end
    int takeByte();
    bool refill();

    std::FILE* file_ = nullptr;
    std::string path_;
    std::vector<char> buffer_;
    std::size_t pos_ = 0, size_ = 0;
    std::int64_t consumed_ = 0, fileSize_ = 0;
    std::int64_t line_ = 1;
    std::int64_t recordLine_ = 0, recordOffset_ = 0;
    bool recordHadLineEnd_ = true, endedInsideQuotes_ = false, hadBom_ = false, eof_ = false;
    Error error_;
};

// Opens path and reads its header record; false (error set) when the file cannot be read or is empty.
std::unique_ptr<CsvReader> openCsvWithHeader(const std::string& path, std::vector<std::string>* header, Error* error);

// True when the record just read was cut short by the end of the file (error then says where).
bool csvRecordCutShort(const CsvReader& reader, std::size_t headerFields, std::size_t fields, Error* error);

} // namespace opscope
