// The first stage of the import pipeline: a thread that reads (and gunzips) the next blocks of a
// ByteSource while the importer tokenizes the current one. A few blocks at most are in flight
// (bounded memory, back-pressure on the reader); errors and the end arrive in order with the bytes.
#pragma once
#include "core/importers/chrome_json/byte_source.h"

#include <condition_variable>
#include <cstddef>
#include <cstdint>
#include <deque>
#include <mutex>
#include <thread>
#include <vector>

namespace opscope {

class ReadAhead {
public:
    // Reads source on its own thread in blocks of blockBytes, at most maxBlocks ahead of read().
    ReadAhead(ByteSource& source, std::size_t blockBytes, std::size_t maxBlocks);
    ~ReadAhead(); // stops and joins the reader, wherever it is
    ReadAhead(const ReadAhead&) = delete;
    ReadAhead& operator=(const ReadAhead&) = delete;

    // ByteSource's contract: up to size bytes, 0 at the end, -1 on an error (then error() says why).
    std::ptrdiff_t read(char* buffer, std::size_t size);
    const Error& error() const { return error_; }
    // Bytes of the file behind what read() has returned so far (compressed bytes for gzip).
    std::int64_t fileOffset() const { return fileOffset_; }

private:
    struct Block {
        std::vector<char> bytes;
        std::size_t used = 0;       // bytes handed to read() so far
        std::ptrdiff_t status = 0;  // > 0: bytes in it; 0: the end; -1: an error
        std::int64_t fileOffset = 0; // the source's offset after this block
    };
    void readerLoop();

    ByteSource& source_;
    const std::size_t blockBytes_, maxBlocks_;
    std::mutex mutex_;
    std::condition_variable changed_;
    std::deque<Block> ready_;          // filled, in file order
    std::vector<std::vector<char>> free_; // emptied buffers, reused
    bool stop_ = false;
    Block current_;
    bool finished_ = false;
    Error error_;
    std::int64_t fileOffset_ = 0;
    std::thread reader_; // last: starts once everything above exists
};

} // namespace opscope
