#include "core/model/utf8.h"

#include <cstdint>
#include <cstring>

namespace opscope {

namespace {

constexpr char kReplacement[] = "\xEF\xBF\xBD";

// Length of the valid UTF-8 sequence at p (1 to 4), or 0 when the bytes there are not one.
std::size_t validSequenceLength(const unsigned char* p, const unsigned char* end) {
    const unsigned char c = p[0];
    if (c < 0x80) return 1;
    const std::size_t left = static_cast<std::size_t>(end - p);
    auto cont = [&](std::size_t i) { return i < left && (p[i] & 0xC0) == 0x80; };
    if (c >= 0xC2 && c <= 0xDF) return cont(1) ? 2 : 0;
    if (c >= 0xE0 && c <= 0xEF) {
        if (!cont(1) || !cont(2)) return 0;
        if (c == 0xE0 && p[1] < 0xA0) return 0;  // overlong
        if (c == 0xED && p[1] >= 0xA0) return 0; // a UTF-16 surrogate
        return 3;
    }
    if (c >= 0xF0 && c <= 0xF4) {
        if (!cont(1) || !cont(2) || !cont(3)) return 0;
        if (c == 0xF0 && p[1] < 0x90) return 0; // overlong
        if (c == 0xF4 && p[1] >= 0x90) return 0; // beyond U+10FFFF
        return 4;
    }
    return 0;
}

// How many bytes one replacement stands for: the lead byte plus the continuation bytes that could
// still have completed it (Unicode's "maximal subpart"), so "\xE6\x97" is one U+FFFD and "\xC0\xAF"
// two. An encoded UTF-16 surrogate (ED A0..BF xx, what a lone \uD800 escape decodes to) is one unit.
std::size_t invalidRunLength(const unsigned char* p, const unsigned char* end) {
    const unsigned char c = p[0];
    const std::size_t left = static_cast<std::size_t>(end - p);
    auto cont = [&](std::size_t i, unsigned char lo, unsigned char hi) { return i < left && p[i] >= lo && p[i] <= hi; };
    if (c == 0xED && cont(1, 0xA0, 0xBF)) return cont(2, 0x80, 0xBF) ? 3 : 2;
    unsigned char lo = 0x80, hi = 0xBF;
    std::size_t length = 0;
    if (c >= 0xC2 && c <= 0xDF) length = 2;
    else if (c >= 0xE0 && c <= 0xEF) length = 3;
    else if (c >= 0xF0 && c <= 0xF4) length = 4;
    else return 1; // never a lead byte
    if (c == 0xE0) lo = 0xA0;
    if (c == 0xED) hi = 0x9F;
    if (c == 0xF0) lo = 0x90;
    if (c == 0xF4) hi = 0x8F;
    if (!cont(1, lo, hi)) return 1;
    std::size_t n = 2;
    while (n < length && cont(n, 0x80, 0xBF)) ++n;
    return n;
}

bool allAscii(std::string_view text) {
    const char* p = text.data();
    const char* end = p + text.size();
    for (; end - p >= 8; p += 8) {
        std::uint64_t word;
        std::memcpy(&word, p, 8);
        if (word & 0x8080808080808080ull) return false;
    }
    for (; p < end; ++p)
        if (static_cast<unsigned char>(*p) >= 0x80) return false;
    return true;
}

bool hexDigit(char c) { return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F'); }

unsigned hex4(const char* p) {
    unsigned v = 0;
    for (int i = 0; i < 4; ++i) {
        char c = p[i];
        v <<= 4;
        v |= static_cast<unsigned>(c <= '9' ? c - '0' : (c | 0x20) - 'a' + 10);
    }
    return v;
}

// The \uXXXX escape at i (text[i] == '\\', text[i+1] == 'u'), or -1 when it is not a complete one.
long escapeAt(std::string_view text, std::size_t i) {
    if (i + 6 > text.size() || text[i + 1] != 'u') return -1;
    for (std::size_t k = i + 2; k < i + 6; ++k)
        if (!hexDigit(text[k])) return -1;
    return static_cast<long>(hex4(text.data() + i + 2));
}

} // namespace

bool isValidUtf8(std::string_view text) {
    if (allAscii(text)) return true;
    const auto* p = reinterpret_cast<const unsigned char*>(text.data());
    const auto* end = p + text.size();
    while (p < end) {
        std::size_t n = validSequenceLength(p, end);
        if (n == 0) return false;
        p += n;
    }
    return true;
}

std::string sanitizedUtf8(std::string_view text, std::size_t* replaced) {
    std::size_t count = 0;
    std::string out;
    if (isValidUtf8(text)) {
        out.assign(text);
    } else {
        out.reserve(text.size() + 8);
        const auto* p = reinterpret_cast<const unsigned char*>(text.data());
        const auto* end = p + text.size();
        while (p < end) {
            std::size_t n = validSequenceLength(p, end);
            if (n > 0) {
                out.append(reinterpret_cast<const char*>(p), n);
                p += n;
            } else {
                out.append(kReplacement);
                ++count;
                p += invalidRunLength(p, end);
            }
        }
    }
    if (replaced) *replaced = count;
    return out;
}

bool sanitizeJsonText(std::string_view json, std::string* out, std::size_t* replaced) {
    out->clear();
    *replaced = 0;
    const bool bytesValid = isValidUtf8(json);
    const bool escapes = std::memchr(json.data(), '\\', json.size()) != nullptr;
    if (bytesValid && !escapes) return false;
    std::string text = bytesValid ? std::string(json) : sanitizedUtf8(json, replaced);
    if (!escapes) {
        *out = std::move(text);
        return true;
    }
    // Lone surrogate escapes: a high one not followed by a low one, or a low one on its own.
    std::string fixed;
    fixed.reserve(text.size());
    bool changed = !bytesValid;
    for (std::size_t i = 0; i < text.size(); ++i) {
        if (text[i] != '\\') {
            fixed.push_back(text[i]);
            continue;
        }
        long cp = escapeAt(text, i);
        if (cp < 0xD800 || cp > 0xDFFF) { // not a surrogate escape: copy the escape (two bytes) as is
            fixed.push_back(text[i]);
            if (i + 1 < text.size()) fixed.push_back(text[++i]);
            continue;
        }
        long low = cp < 0xDC00 && i + 6 < text.size() && text[i + 6] == '\\' ? escapeAt(text, i + 6) : -1;
        if (low >= 0xDC00 && low <= 0xDFFF) { // a proper pair
            fixed.append(text, i, 12);
            i += 11;
            continue;
        }
        fixed.append("\\ufffd");
        ++*replaced;
        changed = true;
        i += 5;
    }
    if (!changed) return false;
    *out = std::move(fixed);
    return true;
}

} // namespace opscope
