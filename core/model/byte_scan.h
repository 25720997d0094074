// Byte scans on the import's hottest paths (a JSON string's plain run, the brackets of an args
// text), sixteen bytes a step. SSE2 is part of every x86-64 CPU, so no run-time dispatch is needed;
// other targets take the byte-at-a-time loop, which gives the same answers.
#pragma once
#include <cstddef>
#include <string_view>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace opscope {

// Whether c ends the plain run of a JSON string: a quote, a backslash or a control byte (< 0x20).
inline bool isJsonStringStop(char c) {
    return c == '"' || c == '\\' || static_cast<unsigned char>(c) < 0x20;
}

// The first byte in [p, end) that isJsonStringStop, or end.
inline const char* findJsonStringStop(const char* p, const char* end) {
#if defined(__SSE2__)
    const __m128i quote = _mm_set1_epi8('"');
    const __m128i backslash = _mm_set1_epi8('\\');
    const __m128i lastControl = _mm_set1_epi8(0x1F);
    while (end - p >= 16) {
        const __m128i v = _mm_loadu_si128(reinterpret_cast<const __m128i*>(p));
        // min(v, 0x1F) == v exactly when v <= 0x1F as an unsigned byte.
        const __m128i control = _mm_cmpeq_epi8(_mm_min_epu8(v, lastControl), v);
        const __m128i hit = _mm_or_si128(_mm_or_si128(_mm_cmpeq_epi8(v, quote), _mm_cmpeq_epi8(v, backslash)), control);
        const int mask = _mm_movemask_epi8(hit);
        if (mask != 0) return p + __builtin_ctz(static_cast<unsigned>(mask));
        p += 16;
    }
#endif
    while (p < end && !isJsonStringStop(*p)) ++p;
    return p;
}

// The first q in [p, end) with q[0] == '"' and q + 1 < end holding a or b, or end: where a quoted
// key starting with one of two letters may begin.
inline const char* findQuoteBefore(const char* p, const char* end, char a, char b) {
#if defined(__SSE2__)
    const __m128i quote = _mm_set1_epi8('"');
    const __m128i first = _mm_set1_epi8(a);
    const __m128i second = _mm_set1_epi8(b);
    while (end - p >= 17) { // the block and the byte after it
        const __m128i here = _mm_loadu_si128(reinterpret_cast<const __m128i*>(p));
        const __m128i next = _mm_loadu_si128(reinterpret_cast<const __m128i*>(p + 1));
        const __m128i letter = _mm_or_si128(_mm_cmpeq_epi8(next, first), _mm_cmpeq_epi8(next, second));
        const int mask = _mm_movemask_epi8(_mm_and_si128(_mm_cmpeq_epi8(here, quote), letter));
        if (mask != 0) return p + __builtin_ctz(static_cast<unsigned>(mask));
        p += 16;
    }
#endif
    for (; p + 1 < end; ++p)
        if (*p == '"' && (p[1] == a || p[1] == b)) return p;
    return end;
}

// How many bytes of text are '{' or '[' (brackets inside strings counted too): an upper bound of
// the text's nesting depth.
inline std::size_t countOpeningBrackets(std::string_view text) {
    const char* p = text.data();
    const char* end = p + text.size();
    std::size_t count = 0;
#if defined(__SSE2__)
    const __m128i brace = _mm_set1_epi8('{');
    const __m128i bracket = _mm_set1_epi8('[');
    while (end - p >= 16) {
        const __m128i v = _mm_loadu_si128(reinterpret_cast<const __m128i*>(p));
        const int mask = _mm_movemask_epi8(_mm_or_si128(_mm_cmpeq_epi8(v, brace), _mm_cmpeq_epi8(v, bracket)));
        count += static_cast<std::size_t>(__builtin_popcount(static_cast<unsigned>(mask)));
        p += 16;
    }
#endif
    for (; p < end; ++p) count += (*p == '{' || *p == '[') ? 1 : 0;
    return count;
}

} // namespace opscope
