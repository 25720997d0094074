// Versions of the libraries the store is built on, for the About box (which must not include SQLite).
#pragma once
#include <string>

namespace opscope {

// The SQLite library opscope runs with ("3.40.1").
std::string sqliteLibraryVersion();

} // namespace opscope
