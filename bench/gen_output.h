// Buffered output for opscope-gen: a byte sink (plain file, gzip file, stdout or a counting null
// sink) with the number formats the Ascend tools write (µs with 3 decimals from int64 ns).
#pragma once
#include <zlib.h>

#include <charconv>
#include <cstdint>
#include <cstdio>
#include <string>
#include <string_view>

namespace opscope::gen {

class Sink {
public:
    enum class Kind { Null, File, Gzip };

    Sink() = default;
    Sink(const Sink&) = delete;
    Sink& operator=(const Sink&) = delete;
    ~Sink() { close(); }

    // Opens path for writing ("-" = stdout). Returns false when it cannot be opened.
    bool open(const std::string& path, bool gzip) {
        buf_.reserve(kFlushBytes + 4096);
        if (gzip) {
            gz_ = path == "-" ? gzdopen(fileno(stdout), "wb6") : gzopen(path.c_str(), "wb6");
            if (!gz_) return false;
            gzbuffer(gz_, 1 << 20);
            kind_ = Kind::Gzip;
            return true;
        }
        file_ = path == "-" ? stdout : std::fopen(path.c_str(), "wb");
        if (!file_) return false;
        ownsFile_ = path != "-";
        kind_ = Kind::File;
        return true;
    }

    // A sink that only counts events and bytes (used to calibrate the event budget).
    void openNull() { kind_ = Kind::Null; }

    bool close() {
        bool ok = flush();
        if (kind_ == Kind::Gzip && gz_) ok = gzclose(gz_) == Z_OK && ok;
        if (kind_ == Kind::File && file_ && ownsFile_) ok = std::fclose(file_) == 0 && ok;
        if (kind_ == Kind::File && file_ && !ownsFile_) ok = std::fflush(file_) == 0 && ok;
        gz_ = nullptr;
        file_ = nullptr;
        kind_ = Kind::Null;
        return ok && !failed_;
    }

    void put(std::string_view s) {
        if (kind_ == Kind::Null) {
            bytes_ += s.size();
            return;
        }
        buf_.append(s);
        if (buf_.size() >= kFlushBytes) flush();
    }
    void put(char c) {
        if (kind_ == Kind::Null) {
            ++bytes_;
            return;
        }
        buf_.push_back(c);
    }
    void putInt(std::int64_t v) {
        char tmp[24];
        auto res = std::to_chars(tmp, tmp + sizeof tmp, v);
        put(std::string_view(tmp, static_cast<std::size_t>(res.ptr - tmp)));
    }
    void putUint(std::uint64_t v) {
        char tmp[24];
        auto res = std::to_chars(tmp, tmp + sizeof tmp, v);
        put(std::string_view(tmp, static_cast<std::size_t>(res.ptr - tmp)));
    }
    // ns as µs with exactly 3 decimals: 1736408883704643212 -> 1736408883704643.212
    void putUs3(std::int64_t ns) {
        if (ns < 0) {
            put('-');
            ns = -ns;
        }
        putInt(ns / 1000);
        put('.');
        const auto frac = static_cast<int>(ns % 1000);
        put(static_cast<char>('0' + frac / 100));
        put(static_cast<char>('0' + frac / 10 % 10));
        put(static_cast<char>('0' + frac % 10));
    }
    // Thousandths as a decimal with trailing zeros trimmed; keepPoint keeps "4.0" (Python style).
    void putMilli(std::int64_t milli, bool keepPoint) {
        if (milli < 0) {
            put('-');
            milli = -milli;
        }
        putInt(milli / 1000);
        int frac = static_cast<int>(milli % 1000);
        if (frac == 0) {
            if (keepPoint) put(".0");
            return;
        }
        char digits[3] = {static_cast<char>('0' + frac / 100), static_cast<char>('0' + frac / 10 % 10),
                          static_cast<char>('0' + frac % 10)};
        int n = 3;
        while (n > 1 && digits[n - 1] == '0') --n;
        put('.');
        put(std::string_view(digits, static_cast<std::size_t>(n)));
    }

    // Event bookkeeping for a JSON array written as "[e, e, ...]".
    void beginEvent() {
        put(events_ == 0 ? std::string_view("[") : std::string_view(", "));
        ++events_;
    }
    void endArray() { put(events_ == 0 ? std::string_view("[]\n") : std::string_view("]\n")); }

    std::int64_t events() const { return events_; }
    std::uint64_t bytes() const { return bytes_; }
    bool failed() const { return failed_; }

    bool flush() {
        if (buf_.empty()) return !failed_;
        bytes_ += buf_.size();
        if (kind_ == Kind::File && std::fwrite(buf_.data(), 1, buf_.size(), file_) != buf_.size())
            failed_ = true;
        if (kind_ == Kind::Gzip &&
            gzwrite(gz_, buf_.data(), static_cast<unsigned>(buf_.size())) != static_cast<int>(buf_.size()))
            failed_ = true;
        buf_.clear();
        return !failed_;
    }

private:
    static constexpr std::size_t kFlushBytes = 4u << 20;
    Kind kind_ = Kind::Null;
    std::FILE* file_ = nullptr;
    bool ownsFile_ = false;
    gzFile gz_ = nullptr;
    std::string buf_;
    std::int64_t events_ = 0;
    std::uint64_t bytes_ = 0;
    bool failed_ = false;
};

} // namespace opscope::gen
