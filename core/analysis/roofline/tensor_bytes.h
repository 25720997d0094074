// Bytes of the tensors an Ascend task reads and writes, from kernel_details' / op_summary's shape and
// data type columns: the least traffic the task can have, used as the roofline's bytes when the run
// collected FLOPs (aic_metrics=ArithmeticUtilization) but no memory counters.
#pragma once
#include <optional>
#include <string_view>

namespace opscope {

// Size in bytes of one element of a CANN data type ("FLOAT16", "DT_BF16", "INT8", "float"); nullopt when
// the type is unknown or has no fixed size.
std::optional<int> dataTypeBytes(std::string_view dataType);

// Sum over the ';'-separated tensors of shapes ("""32,3,224,224"""; "4096,1024;4096,1024") of the element
// count times the size of the data type at the same position in dataTypes ("FLOAT;FLOAT16"). A scalar
// ("" between separators) counts one element. nullopt when a tensor's type is unknown, a dimension is
// not a non-negative integer, the lists differ in length, or the product overflows int64.
std::optional<double> tensorBytes(std::string_view shapes, std::string_view dataTypes);

} // namespace opscope
