// An append-only sequence stored in fixed-size blocks. Unlike std::vector it never reallocates:
// growing by one block costs no copy and no momentary 3x peak, which matters for the millions of
// pending rows an import holds.
#pragma once
#include <cstddef>
#include <iterator>
#include <memory>
#include <vector>

namespace opscope {

template <typename T, std::size_t BlockShift = 16>
class ChunkedVector {
public:
    static constexpr std::size_t kBlockSize = std::size_t{1} << BlockShift;

    void push_back(const T& value) {
        if ((size_ & (kBlockSize - 1)) == 0 && size_ / kBlockSize == blocks_.size())
            blocks_.push_back(std::make_unique<T[]>(kBlockSize));
        blocks_[size_ >> BlockShift][size_ & (kBlockSize - 1)] = value;
        ++size_;
    }
    T& operator[](std::size_t i) { return blocks_[i >> BlockShift][i & (kBlockSize - 1)]; }
    const T& operator[](std::size_t i) const { return blocks_[i >> BlockShift][i & (kBlockSize - 1)]; }
    std::size_t size() const { return size_; }
    bool empty() const { return size_ == 0; }
    // Drops every element and frees the blocks.
    void clear() {
        blocks_.clear();
        size_ = 0;
    }
    std::size_t memoryBytes() const { return blocks_.size() * kBlockSize * sizeof(T); }

    class const_iterator {
    public:
        using iterator_category = std::forward_iterator_tag;
        using value_type = T;
        using difference_type = std::ptrdiff_t;
        using pointer = const T*;
        using reference = const T&;
        const_iterator(const ChunkedVector* owner, std::size_t index) : owner_(owner), index_(index) {}
        const T& operator*() const { return (*owner_)[index_]; }
        const T* operator->() const { return &(*owner_)[index_]; }
        const_iterator& operator++() {
            ++index_;
            return *this;
        }
        bool operator==(const const_iterator& other) const { return index_ == other.index_; }
        bool operator!=(const const_iterator& other) const { return index_ != other.index_; }

    private:
        const ChunkedVector* owner_;
        std::size_t index_;
    };
    const_iterator begin() const { return {this, 0}; }
    const_iterator end() const { return {this, size_}; }

private:
    std::vector<std::unique_ptr<T[]>> blocks_;
    std::size_t size_ = 0;
};

} // namespace opscope
