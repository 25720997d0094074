// The advisor's AI Core performance check groups tasks by operator name and "Input Shapes-Output Shapes"
// (ai_core_performance_checker.py): the shape texts of the tasks, the group key and label, and the shape
// arithmetic its cube and FlashAttention parts do (tensor dims, memory per task).
#pragma once
#include "core/analysis/diagnosis/ascend_tasks.h"

#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace opscope {

struct ShapeTexts {
    std::unordered_map<std::int64_t, std::string> inputs, outputs; // slice id -> the cell without its quotes
    std::string_view inputOf(std::int64_t sliceId) const;
    std::string_view outputOf(std::int64_t sliceId) const;
};

// Input Shapes and Output Shapes of every slice that has them; false (with error) on a store error.
bool readShapeTexts(Database& db, ShapeTexts* out, Error* error);

// "name [inputs - outputs]", or the bare name when the task has no shapes: the group's key and label.
std::string shapeGroupLabel(std::string_view name, std::string_view inputs, std::string_view outputs);

// "32,4096;4096" -> {{32, 4096}, {4096}}; "" -> {}; nullopt when a dimension is not a whole number >= 0.
std::optional<std::vector<std::vector<long long>>> parseShapeList(std::string_view shapes);

// The advisor's memory_size in MB: every input tensor's element count (a one-dimensional input, a bias,
// counted twice), plus every output tensor's, times 2 bytes, / 2^20. nullopt when a shape does not parse.
std::optional<double> advisorTensorMegabytes(std::string_view inputs, std::string_view outputs);

} // namespace opscope
