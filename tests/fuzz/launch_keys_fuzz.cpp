// libFuzzer harness for the launch-key scanner (core/importers/launch/launch_keys.h): any bytes as an
// args object's text must give keys or none, never a crash, an overflow or a read past the end.
#include "core/importers/launch/launch_keys.h"

#include <cstddef>
#include <cstdint>
#include <string_view>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    const opscope::LaunchKeys keys = opscope::scanLaunchKeys(text);
    return keys.any() ? 0 : 0;
}
