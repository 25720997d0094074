// libFuzzer harness for the tensor sizes of kernel_details' shape and data type columns
// (core/analysis/roofline/tensor_bytes.h) and the advisor's shape arithmetic over the same cells
// (core/analysis/diagnosis/ascend_shape_groups.h): any bytes, split at the first newline into shapes and
// data types (or inputs and outputs), give a size or none, never a crash or a signed overflow.
#include "core/analysis/diagnosis/ascend_shape_groups.h"
#include "core/analysis/roofline/tensor_bytes.h"

#include <cstddef>
#include <cstdint>
#include <string_view>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    const std::size_t newline = text.find('\n');
    const std::string_view shapes = text.substr(0, newline);
    const std::string_view types = newline == std::string_view::npos ? std::string_view() : text.substr(newline + 1);
    const auto bytes = opscope::tensorBytes(shapes, types);
    const auto megabytes = opscope::advisorTensorMegabytes(shapes, types);
    if (auto tensors = opscope::parseShapeList(shapes))
        for (const auto& dims : *tensors)
            for (long long d : dims)
                if (d < 0) return 1; // dimensions are whole numbers
    return (bytes && *bytes < 0) || (megabytes && *megabytes < 0) ? 1 : 0; // sizes are never negative
}
