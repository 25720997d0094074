#include "core/model/warning_severity.h"

namespace opscope {

bool isInformationalWarning(std::string_view code) {
    return code == "out_of_order_timestamp" || code == "flow_end_without_start" ||
           code == "flow_step_without_start" || code == "flow_without_end" || code == "flow_backwards_in_time";
}

} // namespace opscope
