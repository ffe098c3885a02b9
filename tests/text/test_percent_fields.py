"""The ``%`` fields of a translation are found in one pass, exactly as the regular expressions they replace.

Those expressions backtracked on a stranger's msgstr (``%(%(%(...``: 103 s for
``--help`` with 160,000 of them); the one-pass scanner must find the same
fields on any text, and finish on a large hostile one.
"""

from __future__ import annotations

import re

from hypothesis import given, settings
from hypothesis import strategies as st

from engine.fronts.cli.click_i18n import safe_translation
from engine.text.percent import named_percent_fields, percent_fields

# The expressions the scanner stands for (backtracking: fine for short texts only).
CLICK_FIELD = re.compile(r"%(?:\([^)]*\))?[#0\- +]*\d*(?:\.\d+)?[a-zA-Z%]")
NAMED_FIELD = re.compile(r"%\(\w+\)[#0\- +]*\d*(?:\.\d+)?[a-zA-Z]")

# What a field is made of, and what is not: a decimal digit that is not ASCII ("٣") and a letter that is a word
# character but no conversion ("é") included.
texts = st.text(alphabet=st.sampled_from(list("%()#0- +.5sdrx_aé٣\n")), max_size=40)


@settings(max_examples=1000, deadline=None)
@given(texts)
def test_the_fields_are_those_the_regular_expression_finds(text):
    assert percent_fields(text) == [m.group(0) for m in CLICK_FIELD.finditer(text)]
    assert named_percent_fields(text) == [m.group(0) for m in NAMED_FIELD.finditer(text)]


@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from(["%(", ")", "%", "0", "5", ".", "s", "(", "name", " ", "%%"]), max_size=30))
def test_the_fields_of_field_like_text_are_those_the_regular_expression_finds(parts):
    text = "".join(parts)
    assert percent_fields(text) == [m.group(0) for m in CLICK_FIELD.finditer(text)]
    assert named_percent_fields(text) == [m.group(0) for m in NAMED_FIELD.finditer(text)]


def test_a_large_hostile_translation_is_scanned_to_its_end():
    # Each of these took the expressions seconds to hours; one pass reads them in a few milliseconds.
    for text in (
        "%(" * 160_000,
        "%" + "0" * 300_000 + "(",
        "%(" * 50_000 + ")" + "0" * 200_000 + "(",
        "%(x)" + "0" * 300_000 + "(",
        "%(" + "a" * 300_000,
    ):
        assert percent_fields(text) == []
        assert named_percent_fields(text) == []
    assert percent_fields("%(" * 100_000 + ")s") == ["%(" * 100_000 + ")s"]
    # click's own check, on the example (no field in it: it is only text), and with a field English lacks.
    assert safe_translation("%(" * 160_000, "Show this message and exit.") == "%(" * 160_000
    assert safe_translation("%(" * 160_000 + ")s", "Show this message and exit.") == "Show this message and exit."
