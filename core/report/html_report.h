// The self-contained HTML report: one file with inline CSS, no script, no external resource; images
// (rendered by the caller, e.g. with Qt offscreen) embedded as base64 PNG data URIs, all text escaped.
#pragma once
#include "core/model/error.h"
#include "core/report/report_data.h"

#include <string>
#include <unordered_map>
#include <vector>

namespace opscope {

struct ReportImage {
    std::string key;      // "timeline", "heatmap", "graph"
    std::string pngBytes; // the encoded PNG file
    int width = 0, height = 0; // pixels, for the img element's aspect ratio
};

struct ReportImages {
    std::vector<ReportImage> images;
    const ReportImage* find(const std::string& key) const;
};

// English text of core/report/report_strings.h (without the leading '>' column marker) -> its
// translation, UTF-8. Texts without an entry stay English.
using ReportTranslations = std::unordered_map<std::string, std::string>;

// language ("en", "zh_CN") picks the diagnosis rules' own texts (titles, suggestions) where the
// rules file has them in that language.
std::string renderHtmlReport(const ReportData& data, const ReportImages& images,
                             const ReportTranslations& translations = {}, const std::string& language = "en");
bool writeHtmlReport(const std::string& path, const ReportData& data, const ReportImages& images, Error* error,
                     const ReportTranslations& translations = {}, const std::string& language = "en");

} // namespace opscope
