// Reads a file in chunks, gunzipping transparently (.gz, including multi-member files), so the
// importers see plain bytes and never hold the whole file.
#pragma once
#include "core/model/error.h"

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>

namespace opscope {

class ReadAhead;

class ByteSource {
public:
    static std::unique_ptr<ByteSource> open(const std::string& path, Error* error);
    ~ByteSource();

    // Reads up to size bytes; returns 0 at the end, -1 on an error (then error() says why).
    std::ptrdiff_t read(char* buffer, std::size_t size);
    // From now on a thread reads (and gunzips) up to `blocks` blocks ahead of read(), so that reading
    // overlaps the caller's work (core/importers/chrome_json/read_ahead.h).
    void startReadAhead(std::size_t blockBytes = std::size_t{1} << 20, std::size_t blocks = 4);
    // The file itself, without read-ahead: what the read-ahead thread calls.
    std::ptrdiff_t readDirect(char* buffer, std::size_t size);
    std::int64_t fileOffsetDirect() const;
    const Error& error() const { return error_; }
    std::int64_t fileSize() const { return fileSize_; }
    // Bytes of the file consumed so far (compressed bytes for gzip), for progress bars.
    std::int64_t fileOffset() const;
    bool compressed() const { return compressed_; }
    const std::string& path() const { return path_; }

private:
    ByteSource() = default;
    void* gz_ = nullptr; // gzFile
    std::unique_ptr<ReadAhead> readAhead_;
    std::string path_;
    std::int64_t fileSize_ = 0;
    bool compressed_ = false;
    Error error_;
};

} // namespace opscope
