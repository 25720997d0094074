#include "core/model/mapped_scratch_file.h"

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <vector>

#if defined(__linux__)
#include <fcntl.h>
#include <sys/mman.h>
#include <unistd.h>
#endif

namespace opscope {

std::shared_ptr<MappedScratchFile> MappedScratchFile::createInFirst(const std::vector<std::string>& directories,
                                                                   std::size_t bytes, std::string* chosen,
                                                                   std::string* whyNot) {
    std::string why = "no folder was given for a scratch file";
    for (const std::string& directory : directories)
        if (std::shared_ptr<MappedScratchFile> file = create(directory, bytes, &why)) {
            if (chosen) *chosen = directory;
            return file;
        }
    if (whyNot) *whyNot = why;
    return nullptr;
}

std::vector<std::string> scratchDirectoriesFor(const std::string& storePath) {
    std::vector<std::string> directories;
    std::error_code ec;
    if (!storePath.empty() && storePath != ":memory:") {
        const std::filesystem::path parent = std::filesystem::absolute(storePath, ec).parent_path();
        if (!ec) directories.push_back(parent.string());
    }
    const std::filesystem::path temp = std::filesystem::temp_directory_path(ec);
    if (!ec) directories.push_back(temp.string());
    return directories;
}

#if defined(__linux__)

namespace {

// A file with no name in the directory: O_TMPFILE where the file system has it, else a unique name
// removed at once (the window in between is the only moment a kill could leave it behind).
int openNameless(const std::string& directory, std::string* whyNot) {
    int fd = ::open(directory.c_str(), O_TMPFILE | O_RDWR | O_CLOEXEC, 0600);
    if (fd >= 0) return fd;
    std::string pattern = directory + "/.opscope-scratch-XXXXXX";
    std::vector<char> name(pattern.begin(), pattern.end());
    name.push_back('\0');
    fd = ::mkostemp(name.data(), O_CLOEXEC);
    if (fd < 0) {
        *whyNot = "cannot make a scratch file in " + directory + ": " + std::strerror(errno);
        return -1;
    }
    ::unlink(name.data());
    return fd;
}

} // namespace

std::size_t MappedScratchFile::pageBytes() {
    static const std::size_t page = static_cast<std::size_t>(::sysconf(_SC_PAGESIZE));
    return page;
}

std::shared_ptr<MappedScratchFile> MappedScratchFile::create(const std::string& directory, std::size_t bytes,
                                                             std::string* whyNot) {
    std::string ignored;
    if (!whyNot) whyNot = &ignored;
    const std::size_t page = pageBytes();
    if (bytes == 0) bytes = 1;
    if (bytes > (std::size_t{1} << 46)) { // 64 TiB: no array of a trace comes near; a size gone wrong does
        *whyNot = "a scratch file of " + std::to_string(bytes) + " bytes is not plausible";
        return nullptr;
    }
    const std::size_t size = (bytes + page - 1) / page * page;
    const std::string dir = directory.empty() ? std::string(".") : directory;
    const int fd = openNameless(dir, whyNot);
    if (fd < 0) return nullptr;
    // Blocks reserved now: a page written later through the mapping can then not meet a full disk
    // (which would be a SIGBUS, not an error).
    const int rc = ::posix_fallocate(fd, 0, static_cast<off_t>(size));
    if (rc != 0) {
        *whyNot = "cannot reserve " + std::to_string(size) + " bytes in " + dir + ": " + std::strerror(rc);
        ::close(fd);
        return nullptr;
    }
    void* data = ::mmap(nullptr, size, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
    if (data == MAP_FAILED) {
        *whyNot = std::string("cannot map a scratch file: ") + std::strerror(errno);
        ::close(fd);
        return nullptr;
    }
    // Read a record at a time (binary searches, a frame's few thousand slices): without this advice the
    // kernel reads ahead and caches the file in large folios, and one read maps a whole folio of up to
    // 2 MiB into the process (a 10 GB trace's first view held 610 MB of it after a few hundred searches).
    ::madvise(data, size, MADV_RANDOM);
    return std::shared_ptr<MappedScratchFile>(new MappedScratchFile(fd, static_cast<std::uint8_t*>(data), size));
}

MappedScratchFile::~MappedScratchFile() {
    if (data_) ::munmap(data_, size_);
    if (fd_ >= 0) ::close(fd_);
}

void MappedScratchFile::release(std::size_t offset, std::size_t bytes) const {
    if (offset >= size_) return;
    bytes = std::min(bytes, size_ - offset);
    const std::size_t page = pageBytes();
    const std::size_t first = (offset + page - 1) / page * page, last = (offset + bytes) / page * page;
    // MADV_DONTNEED on a shared file mapping unmaps the pages; the page cache keeps what they hold
    // (written pages included) for the next touch.
    if (last > first) ::madvise(data_ + first, last - first, MADV_DONTNEED);
}

std::size_t MappedScratchFile::residentBytes() const {
    // smaps, not mincore: mincore tells whether a file's page is in the page cache, not whether this
    // process holds it.
    std::FILE* smaps = std::fopen("/proc/self/smaps", "r");
    if (!smaps) return 0;
    const auto begin = reinterpret_cast<unsigned long>(data_);
    bool inside = false;
    std::size_t kib = 0;
    char line[512];
    while (std::fgets(line, sizeof line, smaps)) {
        unsigned long lo = 0, hi = 0;
        char space = 0;
        if (std::sscanf(line, "%lx-%lx%c", &lo, &hi, &space) == 3 && space == ' ') {
            inside = lo == begin;
            continue;
        }
        unsigned long rss = 0;
        if (inside && std::sscanf(line, "Rss: %lu kB", &rss) == 1) {
            kib = rss;
            break;
        }
    }
    std::fclose(smaps);
    return kib * 1024;
}

#else

std::size_t MappedScratchFile::pageBytes() { return 4096; }
std::shared_ptr<MappedScratchFile> MappedScratchFile::create(const std::string&, std::size_t, std::string* whyNot) {
    if (whyNot) *whyNot = "scratch mappings are made on Linux only";
    return nullptr;
}
MappedScratchFile::~MappedScratchFile() = default;
void MappedScratchFile::release(std::size_t, std::size_t) const {}
std::size_t MappedScratchFile::residentBytes() const { return 0; }

#endif

} // namespace opscope
