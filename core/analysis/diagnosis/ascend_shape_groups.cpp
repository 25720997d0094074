#include "core/analysis/diagnosis/ascend_shape_groups.h"

#include "core/store/text_metric_reader.h"

#include <charconv>
#include <limits>

namespace opscope {

namespace {

std::string_view textOf(const std::unordered_map<std::int64_t, std::string>& texts, std::int64_t sliceId) {
    auto it = texts.find(sliceId);
    return it == texts.end() ? std::string_view() : std::string_view(it->second);
}

std::optional<long long> wholeNumber(std::string_view text) {
    long long value = 0;
    auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (ec != std::errc() || end != text.data() + text.size() || value < 0) return std::nullopt;
    return value;
}

// Element count of one tensor; nullopt on an empty or bad dimension, or when the product overflows.
std::optional<double> elements(const std::vector<long long>& dims) {
    if (dims.empty()) return std::nullopt;
    double product = 1;
    for (long long d : dims) product *= static_cast<double>(d);
    return product;
}

} // namespace

std::string_view ShapeTexts::inputOf(std::int64_t sliceId) const { return textOf(inputs, sliceId); }
std::string_view ShapeTexts::outputOf(std::int64_t sliceId) const { return textOf(outputs, sliceId); }

bool readShapeTexts(Database& db, ShapeTexts* out, Error* error) {
    return readTextMetric(db, "Input Shapes", &out->inputs, error) &&
           readTextMetric(db, "Output Shapes", &out->outputs, error);
}

std::string shapeGroupLabel(std::string_view name, std::string_view inputs, std::string_view outputs) {
    std::string label(name);
    if (!inputs.empty() || !outputs.empty()) label += " [" + std::string(inputs) + " - " + std::string(outputs) + "]";
    return label;
}

std::optional<std::vector<std::vector<long long>>> parseShapeList(std::string_view shapes) {
    std::vector<std::vector<long long>> tensors;
    if (shapes.empty()) return tensors;
    std::size_t start = 0;
    while (start <= shapes.size()) {
        std::size_t end = shapes.find(';', start);
        if (end == std::string_view::npos) end = shapes.size();
        std::string_view tensor = shapes.substr(start, end - start);
        std::vector<long long> dims;
        std::size_t d = 0;
        while (!tensor.empty() && d <= tensor.size()) {
            std::size_t comma = tensor.find(',', d);
            if (comma == std::string_view::npos) comma = tensor.size();
            auto value = wholeNumber(tensor.substr(d, comma - d));
            if (!value) return std::nullopt;
            dims.push_back(*value);
            d = comma + 1;
        }
        tensors.push_back(std::move(dims));
        start = end + 1;
    }
    return tensors;
}

std::optional<double> advisorTensorMegabytes(std::string_view inputs, std::string_view outputs) {
    auto in = parseShapeList(inputs);
    auto out = parseShapeList(outputs);
    if (!in || !out || in->empty() || out->empty()) return std::nullopt;
    double total = 0;
    for (const auto& dims : *in) {
        auto n = elements(dims);
        if (!n) return std::nullopt; // a scalar input ("") makes the advisor's int("") fail
        total += dims.size() == 1 ? 2 * *n : *n;
    }
    for (const auto& dims : *out) {
        auto n = elements(dims);
        if (!n) return std::nullopt;
        total += *n;
    }
    if (!(total < std::numeric_limits<double>::max())) return std::nullopt;
    return total * 2 / 1024 / 1024;
}

} // namespace opscope
