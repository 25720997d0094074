#include "core/analysis/roofline/tensor_bytes.h"

#include <array>
#include <cctype>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace opscope {

namespace {

std::string_view trimmed(std::string_view s) {
    // Shape cells carry literal quotes ("""32,3""" reads as "32,3" with its quotes) and spaces.
    while (!s.empty() && (s.front() == '"' || s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
    while (!s.empty() && (s.back() == '"' || s.back() == ' ' || s.back() == '\t')) s.remove_suffix(1);
    return s;
}

std::vector<std::string_view> split(std::string_view s, char separator) {
    std::vector<std::string_view> parts;
    std::size_t from = 0;
    while (true) {
        std::size_t at = s.find(separator, from);
        parts.push_back(s.substr(from, at == std::string_view::npos ? std::string_view::npos : at - from));
        if (at == std::string_view::npos) return parts;
        from = at + 1;
    }
}

std::optional<std::int64_t> elementCount(std::string_view shape) {
    shape = trimmed(shape);
    std::int64_t count = 1;
    if (shape.empty()) return count; // a scalar
    for (std::string_view dim : split(shape, ',')) {
        dim = trimmed(dim);
        if (dim.empty()) return std::nullopt;
        std::int64_t value = 0;
        for (char c : dim) {
            if (c < '0' || c > '9') return std::nullopt; // -1 (dynamic) and text are not sizes
            if (__builtin_mul_overflow(value, 10, &value) || __builtin_add_overflow(value, c - '0', &value))
                return std::nullopt;
        }
        if (__builtin_mul_overflow(count, value, &count)) return std::nullopt;
    }
    return count;
}

} // namespace

std::optional<int> dataTypeBytes(std::string_view dataType) {
    std::string t;
    for (char c : trimmed(dataType)) t.push_back(static_cast<char>(std::toupper(static_cast<unsigned char>(c))));
    if (t.rfind("DT_", 0) == 0) t.erase(0, 3);
    static const std::array<std::pair<std::string_view, int>, 19> kSizes{{
        {"FLOAT", 4}, {"FLOAT32", 4}, {"FP32", 4}, {"FLOAT16", 2}, {"FP16", 2}, {"HALF", 2}, {"BF16", 2},
        {"BFLOAT16", 2}, {"DOUBLE", 8}, {"INT8", 1}, {"UINT8", 1}, {"BOOL", 1}, {"INT16", 2}, {"UINT16", 2},
        {"INT32", 4}, {"UINT32", 4}, {"INT64", 8}, {"UINT64", 8}, {"COMPLEX64", 8}}};
    for (const auto& [name, bytes] : kSizes)
        if (t == name) return bytes;
    return std::nullopt;
}

std::optional<double> tensorBytes(std::string_view shapes, std::string_view dataTypes) {
    shapes = trimmed(shapes);
    dataTypes = trimmed(dataTypes);
    if (shapes.empty() && dataTypes.empty()) return 0.0;
    std::vector<std::string_view> shapeList = split(shapes, ';'), typeList = split(dataTypes, ';');
    if (shapeList.size() != typeList.size()) return std::nullopt;
    double total = 0;
    for (std::size_t i = 0; i < shapeList.size(); ++i) {
        if (trimmed(shapeList[i]).empty() && trimmed(typeList[i]).empty()) continue; // "; ;": no tensor there
        std::optional<int> size = dataTypeBytes(typeList[i]);
        std::optional<std::int64_t> count = elementCount(shapeList[i]);
        if (!size || !count) return std::nullopt;
        total += static_cast<double>(*count) * *size;
    }
    return total;
}

} // namespace opscope
