// Text that goes into the store is valid UTF-8: invalid bytes, surrogates and overlong forms found in
// input files are replaced by U+FFFD (and counted by the caller as an oddity, never hidden).
#pragma once
#include <cstddef>
#include <string>
#include <string_view>

namespace opscope {

// True when text is well-formed UTF-8 (no surrogates, no overlong forms, nothing above U+10FFFF).
bool isValidUtf8(std::string_view text);

// text with every maximal invalid subsequence replaced by U+FFFD; replaced (optional) receives how
// many replacements were made.
std::string sanitizedUtf8(std::string_view text, std::size_t* replaced = nullptr);

// For JSON text (args objects): invalid UTF-8 bytes, and \u escapes of lone surrogates, become U+FFFD
// (the escape as \ufffd). Returns false when nothing had to change (out is then left empty).
bool sanitizeJsonText(std::string_view json, std::string* out, std::size_t* replaced);

} // namespace opscope
