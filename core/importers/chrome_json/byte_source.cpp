#include "core/importers/chrome_json/byte_source.h"

#include "core/importers/chrome_json/read_ahead.h"

#include <zlib.h>

#include <cstdio>
#include <filesystem>

namespace opscope {

namespace fs = std::filesystem;

std::unique_ptr<ByteSource> ByteSource::open(const std::string& path, Error* error) {
    auto fail = [&](ErrorCode code, const std::string& expected, const std::string& detail) {
        if (error) *error = Error{code, path, -1, -1, -1, expected, detail};
        return nullptr;
    };
    std::error_code ec;
    fs::file_status status = fs::status(path, ec);
    if (ec || !fs::exists(status)) return fail(ErrorCode::FileNotFound, "an existing file", {});
    if (fs::is_directory(status)) return fail(ErrorCode::NotAFile, "a file, not a directory", {});
    if (!fs::is_regular_file(status)) return fail(ErrorCode::NotAFile, "a regular file", {});
    std::unique_ptr<ByteSource> source(new ByteSource());
    source->path_ = path;
    source->fileSize_ = static_cast<std::int64_t>(fs::file_size(path, ec));
    if (source->fileSize_ == 0) return fail(ErrorCode::EmptyFile, "a trace, the file has 0 bytes", {});
    FILE* probe = std::fopen(path.c_str(), "rb");
    if (!probe) return fail(ErrorCode::ReadFailed, "a readable file", "cannot open for reading");
    unsigned char magic[2] = {0, 0};
    std::size_t got = std::fread(magic, 1, 2, probe);
    std::fclose(probe);
    source->compressed_ = got == 2 && magic[0] == 0x1f && magic[1] == 0x8b;
    gzFile gz = gzopen(path.c_str(), "rb");
    if (!gz) return fail(ErrorCode::ReadFailed, "a readable file", "cannot open for reading");
    gzbuffer(gz, 1 << 18);
    source->gz_ = gz;
    return source;
}

ByteSource::~ByteSource() {
    readAhead_.reset(); // its thread reads gz_
    if (gz_) gzclose(static_cast<gzFile>(gz_));
}

void ByteSource::startReadAhead(std::size_t blockBytes, std::size_t blocks) {
    if (!readAhead_) readAhead_ = std::make_unique<ReadAhead>(*this, blockBytes, blocks);
}

std::ptrdiff_t ByteSource::read(char* buffer, std::size_t size) {
    if (!readAhead_) return readDirect(buffer, size);
    const std::ptrdiff_t n = readAhead_->read(buffer, size);
    if (n < 0) error_ = readAhead_->error();
    return n;
}

std::ptrdiff_t ByteSource::readDirect(char* buffer, std::size_t size) {
    int n = gzread(static_cast<gzFile>(gz_), buffer, static_cast<unsigned>(size));
    if (n < 0) {
        int code = 0;
        const char* message = gzerror(static_cast<gzFile>(gz_), &code);
        error_ = Error{compressed_ ? ErrorCode::BadGzip : ErrorCode::ReadFailed, path_, -1, -1, -1,
                       compressed_ ? "a valid gzip stream" : "readable bytes", message ? message : ""};
        return -1;
    }
    if (n == 0 && compressed_) {
        // gzread returns 0 both at a clean end and when a compressed stream stops short.
        int code = 0;
        const char* message = gzerror(static_cast<gzFile>(gz_), &code);
        if (code != Z_OK && code != Z_STREAM_END) {
            error_ = Error{ErrorCode::BadGzip, path_, -1, -1, -1, "a complete gzip stream", message ? message : ""};
            return -1;
        }
    }
    return n;
}

std::int64_t ByteSource::fileOffset() const {
    return readAhead_ ? readAhead_->fileOffset() : fileOffsetDirect();
}

std::int64_t ByteSource::fileOffsetDirect() const {
    if (!gz_) return 0;
    if (compressed_) return static_cast<std::int64_t>(gzoffset(static_cast<gzFile>(gz_)));
    return static_cast<std::int64_t>(gztell(static_cast<gzFile>(gz_)));
}

} // namespace opscope
