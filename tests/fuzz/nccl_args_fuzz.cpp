// libFuzzer harness for the NCCL args reader (core/analysis/communication/nccl_args.h): any bytes as a
// kernel's or record_param_comms' args text give a collective or none, never a crash or an overflow.
#include "core/analysis/communication/nccl_args.h"

#include <cstddef>
#include <cstdint>
#include <string>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string text(reinterpret_cast<const char*>(data), size);
    opscope::NcclKernelRow kernel;
    kernel.durNs = 1000;
    kernel.argsJson = text;
    kernel.launchAncestors.emplace_back("record_param_comms", text);
    const std::vector<opscope::NcclCollective> out = opscope::ncclCollectives({kernel});
    return out.empty() ? 0 : 0;
}
