// Reads the one value an `M` event needs (args.name, args.labels or args.sort_index) straight from
// the args text, without building a JSON document: a metadata-heavy Kineto trace has hundreds of
// thousands of them. Only plain objects are read this way; anything a JSON library might read
// differently (escapes, control characters, non-ASCII bytes, non-integral numbers) says "not simple"
// and the caller parses the object as before.
#pragma once
#include <cstdint>
#include <optional>
#include <string_view>

namespace opscope {

struct SimpleArgValue {
    enum class Kind { Absent, String, Integer, Other };
    Kind kind = Kind::Absent;
    std::string_view text; // String: between the quotes
    std::int64_t integer = 0;
};

// False when argsObject (an object's JSON text, '{' to '}') is not simple enough to be read here.
// When a key repeats, the last value counts, as a JSON library's document keeps it.
bool readSimpleArg(std::string_view argsObject, std::string_view key, SimpleArgValue* out);

} // namespace opscope
