// JSON documents whose first member is a long array, written as nlohmann's dump(2) of the whole document
// would write them, byte for byte, but one element at a time: `opscope-cli launches --json` of a 10 GB
// trace (4.7 M launches) built a 10 GB document before printing a byte of it.
#pragma once
#include <nlohmann/json.hpp>

#include <cstddef>
#include <cstdio>
#include <functional>
#include <string>

namespace opscope {

// Prints {"key": [item(0), ..., item(count - 1)], then the members of rest} and a newline, as
// nlohmann::ordered_json::dump(2) prints that document. rest must be an object (it may be empty).
// Throws what dump throws (a string that is not UTF-8), after the elements before it are printed.
void printJsonWithLeadingArray(std::FILE* out, const std::string& key, std::size_t count,
                               const std::function<nlohmann::ordered_json(std::size_t)>& item,
                               const nlohmann::ordered_json& rest);

} // namespace opscope
