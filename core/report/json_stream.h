// JSON documents with long arrays, written as nlohmann's dump(2) of the whole document would write them,
// byte for byte, but one element at a time: `opscope-cli launches --json` of a 10 GB trace (4.7 M
// launches) built a 10 GB document before printing a byte of it, `critical-path --json` 15 GB.
// Every function writes its value as dump(2) lays it out `indent` spaces deep (the indent of the line
// it starts on). They throw what dump throws (a string that is not UTF-8), after what came before it.
#pragma once
#include <nlohmann/json.hpp>

#include <cstddef>
#include <cstdio>
#include <functional>
#include <string>

namespace opscope {

// Writes one element of a streamed array: the element at index, `indent` spaces deep.
using JsonElementWriter = std::function<void(std::FILE* out, std::size_t index, std::size_t indent)>;

// A value held whole (small, or one element of a long array).
void writeJsonAt(std::FILE* out, const nlohmann::ordered_json& value, std::size_t indent);
// An array of count elements, each written by element.
void writeJsonArray(std::FILE* out, std::size_t count, std::size_t indent, const JsonElementWriter& element);
// An object: the members of head (an object, may be empty), then a last member key holding an array of
// count elements, each written by element.
void writeJsonObjectEndingInArray(std::FILE* out, const nlohmann::ordered_json& head, const std::string& key,
                                  std::size_t count, std::size_t indent, const JsonElementWriter& element);

// Prints {"key": [item(0), ..., item(count - 1)], then the members of rest} and a newline: a whole
// document, as dump(2) prints it. rest must be an object (it may be empty).
void printJsonWithLeadingArray(std::FILE* out, const std::string& key, std::size_t count,
                               const std::function<nlohmann::ordered_json(std::size_t)>& item,
                               const nlohmann::ordered_json& rest);
// The same with each element written by element (an element that holds a long array itself).
void printJsonWithLeadingArray(std::FILE* out, const std::string& key, std::size_t count, const JsonElementWriter& element,
                               const nlohmann::ordered_json& rest);

} // namespace opscope
