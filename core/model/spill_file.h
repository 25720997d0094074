// A scratch file of sorted runs for a spilled import: each spill appends one run of records, and
// finish() reads every run back through a small buffer of its own to merge them. Plain binary
// records cost a fraction of scratch-table rows. The file is unlinked as soon as it is made, so a
// killed import leaves nothing behind. I/O errors throw std::runtime_error naming the file.
// Records of a fixed size can also be read back one by one at their offset (readAt).
#pragma once
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace opscope {

class SpillFile {
public:
    explicit SpillFile(std::string path) : path_(std::move(path)) {}
    ~SpillFile();
    SpillFile(const SpillFile&) = delete;
    SpillFile& operator=(const SpillFile&) = delete;

    void beginRun();
    void append(const void* data, std::size_t bytes);
    template <typename T> void appendValue(const T& value) { append(&value, sizeof value); }
    void appendText(std::string_view text); // a 16-bit length, then the bytes (longer text is cut)
    void endRun();
    std::size_t runCount() const { return runs_.size(); }
    // Bytes appended so far, written or still buffered.
    std::int64_t size() const { return size_ + static_cast<std::int64_t>(pending_.size()); }
    // Reads bytes at offset (anything appended so far, buffered or not).
    void readAt(std::int64_t offset, void* out, std::size_t bytes);

    // Sequential reading of one run.
    class Reader {
    public:
        Reader(const SpillFile& file, std::size_t run);
        bool atEnd() const { return offset_ == end_ && pos_ == buffer_.size(); }
        void read(void* out, std::size_t bytes);
        template <typename T> T readValue() {
            T value;
            read(&value, sizeof value);
            return value;
        }
        void readText(std::string* out);

    private:
        void refill();
        const SpillFile* file_;
        std::int64_t offset_, end_;
        std::vector<char> buffer_;
        std::size_t pos_ = 0;
    };

private:
    void flush();
    struct Run {
        std::int64_t begin, end;
    };
    std::string path_;
    int fd_ = -1;
    std::int64_t size_ = 0;
    std::vector<char> pending_; // write buffer
    std::vector<Run> runs_;
    std::int64_t runBegin_ = 0;
};

} // namespace opscope
