// An array of plain records held either in memory (a vector) or in the pages of a mapped scratch file
// (mapped_scratch_file.h). Readers see one contiguous array either way: data(), size(), spans. Where
// the array is mapped, passes over all of it walk it through PageReleasingWalk, which hands the pages
// behind it back as it goes, so a pass over a gigabyte holds a few megabytes of it at a time.
#pragma once
#include "core/model/mapped_scratch_file.h"

#include <algorithm>
#include <cstddef>
#include <memory>
#include <span>
#include <type_traits>
#include <vector>

namespace opscope {

template <typename T>
class SpillableArray {
    static_assert(std::is_trivially_copyable_v<T>, "records are kept as bytes of a file");

public:
    SpillableArray() = default;
    SpillableArray(std::vector<T>&& memory) : memory_(std::move(memory)) { point(); }
    // count records at byteOffset of the file (aligned for T).
    SpillableArray(std::shared_ptr<MappedScratchFile> file, std::size_t byteOffset, std::size_t count)
        : file_(std::move(file)), offset_(byteOffset), data_(reinterpret_cast<T*>(file_->data() + byteOffset)), size_(count) {}

    SpillableArray(SpillableArray&& o) noexcept { *this = std::move(o); }
    SpillableArray& operator=(SpillableArray&& o) noexcept {
        memory_ = std::move(o.memory_);
        file_ = std::move(o.file_);
        offset_ = o.offset_;
        size_ = o.size_;
        if (file_) data_ = o.data_;
        else point();
        o.memory_.clear();
        o.data_ = nullptr;
        o.size_ = 0;
        return *this;
    }
    // A copy is always in memory (tests and callers that edit a copy of a group).
    SpillableArray(const SpillableArray& o) : memory_(o.begin(), o.end()) { point(); }
    SpillableArray& operator=(const SpillableArray& o) {
        if (this != &o) *this = SpillableArray(o);
        return *this;
    }
    void clear() { *this = SpillableArray(); }
    // Same records, wherever each array keeps them.
    friend bool operator==(const SpillableArray& a, const SpillableArray& b) { return std::equal(a.begin(), a.end(), b.begin(), b.end()); }

    bool mapped() const { return file_ != nullptr; }
    std::size_t size() const { return size_; }
    bool empty() const { return size_ == 0; }
    T* data() { return data_; }
    const T* data() const { return data_; }
    T& operator[](std::size_t i) { return data_[i]; }
    const T& operator[](std::size_t i) const { return data_[i]; }
    T* begin() { return data_; }
    T* end() { return data_ + size_; }
    const T* begin() const { return data_; }
    const T* end() const { return data_ + size_; }
    const T& front() const { return data_[0]; }
    const T& back() const { return data_[size_ - 1]; }
    operator std::span<const T>() const { return {data_, size_}; }
    operator std::span<T>() { return {data_, size_}; }

    // Bytes held in memory (the vector's buffer); a mapped array's pages are the file's.
    std::size_t memoryBytes() const { return memory_.capacity() * sizeof(T); }
    std::size_t mappedBytes() const { return file_ ? size_ * sizeof(T) : 0; }
    // Bytes of the array's file the process holds now (0 in memory): for tests and benchmarks.
    std::size_t residentMappedBytes() const { return file_ ? file_->residentBytes() : 0; }

    // Hands the whole pages of records [first, first + count) back to the file; nothing in memory.
    void release(std::size_t first, std::size_t count) const {
        if (file_ && first < size_) file_->release(offset_ + first * sizeof(T), std::min(count, size_ - first) * sizeof(T));
    }
    void releaseAll() const { release(0, size_); }

private:
    void point() {
        data_ = memory_.data();
        size_ = memory_.size();
    }
    std::vector<T> memory_;
    std::shared_ptr<MappedScratchFile> file_;
    std::size_t offset_ = 0;
    T* data_ = nullptr;
    std::size_t size_ = 0;
};

// Visits positions of a spillable array in rising order (gaps allowed) and releases each window of
// kWindowBytes once the walk has left it, and the last one when the walk ends. Positions visited out
// of order are still correct, only read back from the file again.
template <typename T>
class PageReleasingWalk {
public:
    static constexpr std::size_t kWindowBytes = std::size_t{2} << 20;
    static constexpr std::size_t kWindow = kWindowBytes / sizeof(T) > 0 ? kWindowBytes / sizeof(T) : 1;

    explicit PageReleasingWalk(const SpillableArray<T>& array) : array_(array) {}
    ~PageReleasingWalk() {
        if (touched_) array_.release(window_ * kWindow, kWindow);
    }
    PageReleasingWalk(const PageReleasingWalk&) = delete;
    PageReleasingWalk& operator=(const PageReleasingWalk&) = delete;

    // Call before reading or writing position i.
    void at(std::size_t i) {
        const std::size_t w = i / kWindow;
        if (touched_ && w != window_) array_.release(window_ * kWindow, kWindow);
        window_ = w;
        touched_ = array_.mapped();
    }
    // The record at position i, read through the walk.
    const T& operator[](std::size_t i) {
        at(i);
        return array_[i];
    }

private:
    const SpillableArray<T>& array_;
    std::size_t window_ = 0;
    bool touched_ = false;
};

// A range-for over a whole spillable array through a PageReleasingWalk:
//     for (const SliceRecord& s : walkReleasing(set.slices)) ...
// reads every record in order and hands each window back once the loop has left it. Pointers taken to
// records stay valid; reading them again reads the file.
template <typename T>
class ReleasingRange {
public:
    explicit ReleasingRange(const SpillableArray<T>& array) : array_(array), walk_(array) {}
    ReleasingRange(const ReleasingRange&) = delete;
    ReleasingRange& operator=(const ReleasingRange&) = delete;

    class Iterator {
    public:
        Iterator(const ReleasingRange* range, std::size_t i) : range_(range), i_(i) {}
        const T& operator*() const { return range_->walk_[i_]; }
        Iterator& operator++() {
            ++i_;
            return *this;
        }
        bool operator!=(const Iterator& other) const { return i_ != other.i_; }

    private:
        const ReleasingRange* range_;
        std::size_t i_;
    };
    Iterator begin() const { return {this, 0}; }
    Iterator end() const { return {this, array_.size()}; }

private:
    const SpillableArray<T>& array_;
    mutable PageReleasingWalk<T> walk_;
};

template <typename T>
ReleasingRange<T> walkReleasing(const SpillableArray<T>& array) {
    return ReleasingRange<T>(array);
}

} // namespace opscope
