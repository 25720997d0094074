#include "core/store/store_error.h"

namespace opscope {

Error storeError(const std::string& path, const char* what) {
    return Error{ErrorCode::BadDatabase, path, -1, -1, -1, "an opscope store", what};
}

} // namespace opscope
