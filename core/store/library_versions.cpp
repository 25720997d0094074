#include "core/store/library_versions.h"

#include <sqlite3.h>

namespace opscope {

std::string sqliteLibraryVersion() { return sqlite3_libversion(); }

} // namespace opscope
