#include "core/model/small_file.h"

#include <fstream>
#include <sstream>

namespace opscope {

bool readSmallFile(const std::string& path, std::string* text, Error* error, std::string_view expected) {
    std::ifstream in(path, std::ios::binary);
    if (!in) {
        if (error) *error = Error{ErrorCode::FileNotFound, path, -1, -1, -1, std::string(expected), {}};
        return false;
    }
    std::stringstream buffer;
    buffer << in.rdbuf();
    *text = buffer.str();
    return true;
}

} // namespace opscope
