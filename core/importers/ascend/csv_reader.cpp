#include "core/importers/ascend/csv_reader.h"

#include <cerrno>
#include <cstring>
#include <filesystem>

namespace opscope {

namespace {
constexpr std::size_t kChunkBytes = 1 << 20;
}

std::unique_ptr<CsvReader> CsvReader::open(const std::string& path, Error* error) {
    std::error_code ec;
    if (!std::filesystem::exists(path, ec)) {
        if (error) *error = Error{ErrorCode::FileNotFound, path, -1, -1, -1, "an existing CSV file", {}};
        return nullptr;
    }
    if (!std::filesystem::is_regular_file(path, ec)) {
        if (error) *error = Error{ErrorCode::NotAFile, path, -1, -1, -1, "a CSV file", {}};
        return nullptr;
    }
    std::unique_ptr<CsvReader> reader(new CsvReader());
    reader->path_ = path;
    reader->file_ = std::fopen(path.c_str(), "rb");
    if (!reader->file_) {
        if (error) *error = Error{ErrorCode::ReadFailed, path, -1, -1, -1, "a readable file", std::strerror(errno)};
        return nullptr;
    }
    reader->fileSize_ = static_cast<std::int64_t>(std::filesystem::file_size(path, ec));
    reader->buffer_.resize(kChunkBytes);
    // Windows tools write a UTF-8 byte order mark; it is not part of the first column name.
    if (reader->refill() && reader->size_ >= 3 && static_cast<unsigned char>(reader->buffer_[0]) == 0xEF &&
        static_cast<unsigned char>(reader->buffer_[1]) == 0xBB && static_cast<unsigned char>(reader->buffer_[2]) == 0xBF) {
        reader->pos_ = 3;
        reader->consumed_ = 3;
        reader->hadBom_ = true;
    }
    return reader;
}

CsvReader::~CsvReader() {
    if (file_) std::fclose(file_);
}

bool CsvReader::refill() {
    if (eof_) return false;
    size_ = std::fread(buffer_.data(), 1, buffer_.size(), file_);
    pos_ = 0;
    if (size_ == 0) {
        if (std::ferror(file_)) error_ = Error{ErrorCode::ReadFailed, path_, consumed_, line_, -1, "readable bytes",
                                               std::strerror(errno)};
        eof_ = true;
        return false;
    }
    return true;
}

int CsvReader::peekByte() {
    if (pos_ >= size_ && !refill()) return -1;
    return static_cast<unsigned char>(buffer_[pos_]);
}

int CsvReader::takeByte() {
    int c = peekByte();
    if (c >= 0) {
        ++pos_;
        ++consumed_;
    }
    return c;
}

bool CsvReader::next(std::vector<std::string>* fields) {
    fields->clear();
    for (;;) {
        if (peekByte() < 0) return false;
        recordLine_ = line_;
        recordOffset_ = consumed_;
        recordHadLineEnd_ = false;
        std::string field;
        bool inQuotes = false, fieldStarted = false, sawAnyByte = false;
        for (;;) {
            int c = takeByte();
            if (c < 0) {
                endedInsideQuotes_ = inQuotes;
                break;
            }
            sawAnyByte = true;
            if (inQuotes) {
                if (c == '"') {
                    if (peekByte() == '"') {
                        takeByte();
                        field.push_back('"');
                    } else {
                        inQuotes = false;
                    }
                } else {
                    if (c == '\n') ++line_;
                    field.push_back(static_cast<char>(c));
                }
                continue;
            }
            if (c == '"' && !fieldStarted) {
                inQuotes = true;
                fieldStarted = true;
            } else if (c == ',') {
                fields->push_back(std::move(field));
                field.clear();
                fieldStarted = false;
            } else if (c == '\n' || c == '\r') {
                if (c == '\r' && peekByte() == '\n') takeByte();
                ++line_;
                recordHadLineEnd_ = true;
                break;
            } else {
                fieldStarted = true;
                field.push_back(static_cast<char>(c)); // a quote inside an unquoted field is kept as text
            }
        }
        fields->push_back(std::move(field));
        bool blank = fields->size() == 1 && (*fields)[0].empty();
        if (!blank || endedInsideQuotes_) return true;
        fields->clear();
        if (!sawAnyByte) return false;
    }
}

std::unique_ptr<CsvReader> openCsvWithHeader(const std::string& path, std::vector<std::string>* header, Error* error) {
    auto reader = CsvReader::open(path, error);
    if (!reader) return nullptr;
    if (!reader->next(header)) {
        *error = reader->error() ? reader->error() : Error{ErrorCode::EmptyFile, path, 0, 1, -1, "a CSV header", {}};
        return nullptr;
    }
    return reader;
}

bool csvRecordCutShort(const CsvReader& reader, std::size_t headerFields, std::size_t fields, Error* error) {
    if (!reader.endedInsideQuotes() && (reader.recordHadLineEnd() || fields >= headerFields)) return false;
    *error = Error{ErrorCode::Truncated, reader.path(), reader.recordOffset(), reader.recordLine(), -1,
                   std::to_string(headerFields) + " fields", "the file ends inside this row"};
    return true;
}

} // namespace opscope
