#include "core/model/spill_file.h"

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <stdexcept>
#include <unistd.h>

namespace opscope {

namespace {
constexpr std::size_t kWriteBuffer = std::size_t{1} << 20; // appends this large or larger are not buffered
constexpr std::size_t kReadBuffer = std::size_t{256} << 10;

[[noreturn]] void fail(const std::string& path, const char* what) {
    throw std::runtime_error("scratch file " + path + ": " + what + ": " + std::strerror(errno));
}
void writeAll(int fd, const std::string& path, const char* data, std::size_t bytes, std::int64_t offset) {
    std::size_t done = 0;
    while (done < bytes) {
        const ssize_t n = ::pwrite(fd, data + done, bytes - done, offset + static_cast<std::int64_t>(done));
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) fail(path, "cannot write");
        done += static_cast<std::size_t>(n);
    }
}
} // namespace

SpillFile::~SpillFile() {
    if (fd_ >= 0) ::close(fd_);
}

void SpillFile::beginRun() {
    if (fd_ < 0) {
        fd_ = ::open(path_.c_str(), O_RDWR | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);
        if (fd_ < 0) fail(path_, "cannot create");
        ::unlink(path_.c_str()); // lives until closed; nothing is left if the process dies
    }
    runBegin_ = size_ + static_cast<std::int64_t>(pending_.size());
}

void SpillFile::append(const void* data, std::size_t bytes) {
    const char* p = static_cast<const char*>(data);
    // A block as large as the buffer (a whole sorted run) goes straight to the file: copied into the
    // buffer first, it would leave the buffer that large for as long as the file lives.
    if (bytes >= kWriteBuffer) {
        flush();
        writeAll(fd_, path_, p, bytes, size_);
        size_ += static_cast<std::int64_t>(bytes);
        return;
    }
    pending_.insert(pending_.end(), p, p + bytes);
    if (pending_.size() >= kWriteBuffer) flush();
}

void SpillFile::appendText(std::string_view text) {
    const auto length = static_cast<std::uint16_t>(std::min<std::size_t>(text.size(), 0xffff));
    appendValue(length);
    append(text.data(), length);
}

void SpillFile::endRun() {
    flush();
    runs_.push_back({runBegin_, size_});
}

void SpillFile::flush() {
    writeAll(fd_, path_, pending_.data(), pending_.size(), size_);
    size_ += static_cast<std::int64_t>(pending_.size());
    pending_.clear();
}

void SpillFile::readAt(std::int64_t offset, void* out, std::size_t bytes) {
    if (offset + static_cast<std::int64_t>(bytes) > size_) flush();
    if (offset < 0 || offset + static_cast<std::int64_t>(bytes) > size_) {
        errno = EINVAL;
        fail(path_, "a read past the end");
    }
    std::size_t done = 0;
    char* p = static_cast<char*>(out);
    while (done < bytes) {
        const ssize_t n = ::pread(fd_, p + done, bytes - done, offset + static_cast<std::int64_t>(done));
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) fail(path_, "cannot read");
        done += static_cast<std::size_t>(n);
    }
}

SpillFile::Reader::Reader(const SpillFile& file, std::size_t run)
    : file_(&file), offset_(file.runs_.at(run).begin), end_(file.runs_.at(run).end) {}

void SpillFile::Reader::refill() {
    const auto want = static_cast<std::size_t>(std::min<std::int64_t>(static_cast<std::int64_t>(kReadBuffer), end_ - offset_));
    buffer_.erase(buffer_.begin(), buffer_.begin() + static_cast<std::ptrdiff_t>(pos_));
    pos_ = 0;
    const std::size_t kept = buffer_.size();
    buffer_.resize(kept + want);
    std::size_t done = 0;
    while (done < want) {
        const ssize_t n = ::pread(file_->fd_, buffer_.data() + kept + done, want - done, offset_ + static_cast<std::int64_t>(done));
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) fail(file_->path_, "cannot read");
        done += static_cast<std::size_t>(n);
    }
    offset_ += static_cast<std::int64_t>(want);
}

void SpillFile::Reader::read(void* out, std::size_t bytes) {
    if (buffer_.size() - pos_ < bytes) {
        refill();
        if (buffer_.size() - pos_ < bytes) {
            errno = EIO;
            fail(file_->path_, "a run ends inside a record");
        }
    }
    std::memcpy(out, buffer_.data() + pos_, bytes);
    pos_ += bytes;
}

void SpillFile::Reader::readText(std::string* out) {
    const auto length = readValue<std::uint16_t>();
    out->resize(length);
    if (length) read(out->data(), length);
}

} // namespace opscope
