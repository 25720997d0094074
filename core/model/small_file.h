// Reads a small text file whole: rule sets, device profiles, baselines. Never used for traces, which
// are streamed. A missing or unreadable file is a FileNotFound error naming it.
#pragma once
#include "core/model/error.h"

#include <string>
#include <string_view>

namespace opscope {

bool readSmallFile(const std::string& path, std::string* text, Error* error, std::string_view expected = {});

} // namespace opscope
