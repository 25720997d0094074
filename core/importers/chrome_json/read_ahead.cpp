#include "core/importers/chrome_json/read_ahead.h"

#include <algorithm>
#include <cstring>

namespace opscope {

ReadAhead::ReadAhead(ByteSource& source, std::size_t blockBytes, std::size_t maxBlocks)
    : source_(source), blockBytes_(blockBytes), maxBlocks_(std::max<std::size_t>(1, maxBlocks)),
      reader_([this] { readerLoop(); }) {}

ReadAhead::~ReadAhead() {
    {
        std::lock_guard<std::mutex> lock(mutex_);
        stop_ = true;
    }
    changed_.notify_all();
    reader_.join();
}

void ReadAhead::readerLoop() {
    for (;;) {
        std::vector<char> buffer;
        {
            std::unique_lock<std::mutex> lock(mutex_);
            changed_.wait(lock, [this] { return stop_ || ready_.size() < maxBlocks_; });
            if (stop_) return;
            if (!free_.empty()) {
                buffer = std::move(free_.back());
                free_.pop_back();
            }
        }
        buffer.resize(blockBytes_);
        Block block;
        block.status = source_.readDirect(buffer.data(), buffer.size());
        block.fileOffset = source_.fileOffsetDirect();
        block.bytes = std::move(buffer);
        const bool last = block.status <= 0;
        {
            std::lock_guard<std::mutex> lock(mutex_);
            ready_.push_back(std::move(block));
        }
        changed_.notify_all();
        if (last) return;
    }
}

// At most the rest of one block per call: the caller gets bytes as soon as there are some.
std::ptrdiff_t ReadAhead::read(char* buffer, std::size_t size) {
    while (!finished_) {
        const auto filled = static_cast<std::size_t>(std::max<std::ptrdiff_t>(current_.status, 0));
        if (current_.used < filled) {
            const std::size_t n = std::min(size, filled - current_.used);
            std::memcpy(buffer, current_.bytes.data() + current_.used, n);
            current_.used += n;
            if (current_.used == filled) fileOffset_ = current_.fileOffset;
            return static_cast<std::ptrdiff_t>(n);
        }
        // The current block is spent: hand its buffer back and take the next one.
        std::unique_lock<std::mutex> lock(mutex_);
        if (!current_.bytes.empty()) free_.push_back(std::move(current_.bytes));
        changed_.notify_all();
        changed_.wait(lock, [this] { return !ready_.empty(); });
        current_ = std::move(ready_.front());
        ready_.pop_front();
        lock.unlock();
        changed_.notify_all();
        if (current_.status <= 0) {
            finished_ = true;
            fileOffset_ = current_.fileOffset;
            if (current_.status < 0) error_ = source_.error();
        }
    }
    return current_.status < 0 ? -1 : 0;
}

} // namespace opscope
