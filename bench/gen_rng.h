// A small fixed-seed PRNG (splitmix64 seeding xoshiro256**) so that opscope-gen is byte-identical
// for the same flags on every standard library (std::*_distribution output is not portable).
#pragma once
#include <cstdint>

namespace opscope::gen {

inline std::uint64_t splitmix64(std::uint64_t& state) {
    std::uint64_t z = (state += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

class Rng {
public:
    explicit Rng(std::uint64_t seed) {
        std::uint64_t sm = seed;
        for (auto& word : s_) word = splitmix64(sm);
    }

    std::uint64_t next() {
        const std::uint64_t result = rotl(s_[1] * 5, 7) * 9;
        const std::uint64_t t = s_[1] << 17;
        s_[2] ^= s_[0];
        s_[3] ^= s_[1];
        s_[1] ^= s_[2];
        s_[0] ^= s_[3];
        s_[2] ^= t;
        s_[3] = rotl(s_[3], 45);
        return result;
    }

    // Uniform integer in [lo, hi] (inclusive). The modulo bias is irrelevant at these ranges.
    std::int64_t range(std::int64_t lo, std::int64_t hi) {
        if (hi <= lo) return lo;
        const auto span = static_cast<std::uint64_t>(hi - lo) + 1;
        return lo + static_cast<std::int64_t>(next() % span);
    }

    // True with probability perMille / 1000.
    bool chance(int perMille) { return static_cast<int>(next() % 1000) < perMille; }

    // base scaled by a factor uniformly in [loPct, hiPct] percent.
    std::int64_t jitter(std::int64_t base, int loPct, int hiPct) {
        return base * range(loPct, hiPct) / 100;
    }

private:
    static std::uint64_t rotl(std::uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }
    std::uint64_t s_[4];
};

} // namespace opscope::gen
