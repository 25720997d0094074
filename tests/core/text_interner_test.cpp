// The interner behind slice names and categories in the import record and the operator groups' labels.
#include "core/model/text_interner.h"

#include <catch2/catch.hpp>

using namespace opscope;

TEST_CASE("a text interner numbers texts in first-seen order and gives them back", "[model][interner]") {
    TextInterner interner;
    CHECK(interner.empty());
    CHECK(interner.intern("matmul") == 0);
    CHECK(interner.intern("") == 1); // the empty text is a text like any other
    CHECK(interner.intern("add") == 2);
    const std::string again = "matmul";
    CHECK(interner.intern(std::string_view(again)) == 0);
    CHECK(interner.size() == 3);
    CHECK(interner.text(2) == "add");
    CHECK(interner.text(1).empty());

    const std::vector<std::string> texts = interner.takeTexts();
    CHECK(texts == std::vector<std::string>{"matmul", "", "add"});
    CHECK(interner.empty());
    CHECK(interner.intern("add") == 0); // empty after the hand-over: numbering starts again
}
