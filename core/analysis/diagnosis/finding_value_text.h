// A finding's measured value or threshold as people read it. The CLI's diagnose, the findings panel and
// the HTML report all print these digits (a test compares them); the panel puts its translated unit
// words around findingNumberText (and its µs symbols on findingDurationNs), the others print
// findingValueText's English.
//
//   share, hit rate       the percentage, one decimal              "12.3%"
//   points                one decimal                              "95.1 points"
//   ops/byte              two decimals                             "3.25 FLOP/byte"
//   us, ns, ms            the one human duration format            "1ms 234us"
//   ratio, no unit        three decimals                           "0.875"
//   any other unit        a whole value in digits, else three      "83600 sequences", "23.457 GB/s"
//                         decimals (one from 100 on)
//
// Not a number reads "-". Whole values are printed in digits up to 2^53, the last integer a double holds.
#pragma once
#include "core/model/time.h"

#include <optional>
#include <string>

namespace opscope {

std::string findingNumberText(double value, const std::string& unit); // the figure without its unit
// What follows the figure: nothing (times, ratios, no unit, not a number), "%", " points", " FLOP/byte",
// or a space and the unit itself. findingValueText writes it in English; the panel translates it.
enum class FindingSuffix { None, Percent, Points, FlopPerByte, Unit };
FindingSuffix findingSuffix(double value, const std::string& unit);
std::string findingValueText(double value, const std::string& unit); // the figure and its unit
// For the units us, ns and ms: the value in whole nanoseconds, which the GUI writes with its own unit
// symbols ("µs"); nullopt for other units, not a number, or beyond int64 nanoseconds.
std::optional<TimeNs> findingDurationNs(double value, const std::string& unit);

} // namespace opscope
