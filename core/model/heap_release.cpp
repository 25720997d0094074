#include "core/model/heap_release.h"

#if defined(__GLIBC__)
#include <malloc.h>
#endif

namespace opscope {

void releaseFreedHeap() {
#if defined(__GLIBC__)
    ::malloc_trim(0);
#endif
}

} // namespace opscope
