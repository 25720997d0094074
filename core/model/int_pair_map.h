// A hash map from a pair of int64 to a small value, held in one array (open addressing, linear probing).
// The importer looks up a thread or a process for every event by its numeric ids: a metadata-heavy
// trace names 144,000 threads, and std::unordered_map's node per entry cost a cache miss or two per
// lookup, an allocation per insert and a free per entry when the import ended.
#pragma once
#include <cstddef>
#include <cstdint>
#include <vector>

namespace opscope {

template <typename Value>
class IntPairMap {
public:
    // The value of (a, b), or nullptr. The pointer is valid until the next insert.
    const Value* find(std::int64_t a, std::int64_t b) const {
        if (slots_.empty()) return nullptr;
        for (std::size_t i = home(a, b);; i = (i + 1) & mask()) {
            const Slot& s = slots_[i];
            if (!s.used) return nullptr;
            if (s.a == a && s.b == b) return &s.value;
        }
    }
    Value* find(std::int64_t a, std::int64_t b) {
        return const_cast<Value*>(static_cast<const IntPairMap*>(this)->find(a, b));
    }
    // Maps (a, b) to value unless it is mapped already; returns the value held.
    Value insert(std::int64_t a, std::int64_t b, Value value) { return slot(a, b, value); }
    // The value of (a, b), mapped to `absent` first when it is not mapped (operator[] of std::map). The
    // reference is valid until the next insert.
    Value& slot(std::int64_t a, std::int64_t b, Value absent = Value{}) {
        if ((size_ + 1) * 4 > slots_.size() * 3) grow();
        for (std::size_t i = home(a, b);; i = (i + 1) & mask()) {
            Slot& s = slots_[i];
            if (!s.used) {
                s = Slot{a, b, absent, true};
                ++size_;
                return s.value;
            }
            if (s.a == a && s.b == b) return s.value;
        }
    }
    // Calls f(a, b, value) for every entry, in no particular order.
    template <typename F>
    void forEach(F&& f) const {
        for (const Slot& s : slots_)
            if (s.used) f(s.a, s.b, s.value);
    }
    bool contains(std::int64_t a, std::int64_t b) const { return find(a, b) != nullptr; }
    void clear() {
        std::vector<Slot>().swap(slots_);
        size_ = 0;
    }
    std::size_t size() const { return size_; }

private:
    struct Slot {
        std::int64_t a = 0, b = 0;
        Value value{};
        bool used = false;
    };
    std::size_t mask() const { return slots_.size() - 1; }
    // The finalizer of MurmurHash3 over both halves: consecutive ids spread over the whole table.
    std::size_t home(std::int64_t a, std::int64_t b) const {
        std::uint64_t h = static_cast<std::uint64_t>(a) * 0x9E3779B97F4A7C15ULL ^ static_cast<std::uint64_t>(b);
        h ^= h >> 33;
        h *= 0xFF51AFD7ED558CCDULL;
        h ^= h >> 33;
        h *= 0xC4CEB9FE1A85EC53ULL;
        h ^= h >> 33;
        return static_cast<std::size_t>(h) & mask();
    }
    void grow() {
        std::vector<Slot> old;
        old.swap(slots_);
        slots_.assign(old.empty() ? 64 : old.size() * 2, Slot{});
        size_ = 0;
        for (const Slot& s : old)
            if (s.used) insert(s.a, s.b, s.value);
    }

    std::vector<Slot> slots_; // a power of two in size, at most three quarters full
    std::size_t size_ = 0;
};

} // namespace opscope
