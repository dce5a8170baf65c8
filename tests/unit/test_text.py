"""The text policy (rules/text.py): what each kind of text refuses, checked against Unicode's own categories."""

from __future__ import annotations

import unicodedata

import pytest
from hypothesis import given
from hypothesis import strategies as st

from workforce_core.errors import ValidationFailed
from workforce_core.rules import text
from workforce_core.rules.text import TextKind

KINDS: dict[str, TextKind] = {"free_text": text.free_text, "single_line": text.single_line, "name": text.name}
CONTROLS = [chr(c) for c in (*range(0x00, 0x20), *range(0x7F, 0xA0)) if chr(c) not in "\t\n"]
BIDI = ["\u202a", "\u202b", "\u202c", "\u202d", "\u202e", "\u2066", "\u2067", "\u2068", "\u2069"]
SPECIAL = [*CONTROLS, *BIDI, "\t", "\n", "\u2028", "\u2029", "\ud800", "\udfff", "\u200e", "\u061c"]


def allowed(kind: str, value: str) -> bool:
    """The policy written from Unicode's categories, independently of the regular expressions."""
    for character in value:
        if unicodedata.category(character) in ("Cc", "Cs") and character not in "\t\n":
            return False
        if kind != "free_text" and character in "\n\u2028\u2029":
            return False
        if kind == "name" and character in BIDI:
            return False
    return True


def refused(kind: TextKind, value: str, field: str = "f") -> ValidationFailed:
    with pytest.raises(ValidationFailed) as caught:
        kind(value, field)
    assert caught.value.extra == {"field": field}
    assert caught.value.code == "validation_failed"
    return caught.value


def test_the_policy_counts_every_c0_and_c1_control_but_tab_and_newline() -> None:
    cc = [chr(c) for c in range(0x110000) if unicodedata.category(chr(c)) == "Cc"]
    assert sorted([*CONTROLS, "\t", "\n"]) == cc


@pytest.mark.parametrize("kind", KINDS.values(), ids=KINDS.keys())
@pytest.mark.parametrize("control", CONTROLS, ids=[f"U+{ord(c):04X}" for c in CONTROLS])
def test_a_control_character_is_refused_in_every_kind_of_text(kind: TextKind, control: str) -> None:
    message = refused(kind, f"Ann{control}Smith", "notes").message
    assert f"U+{ord(control):04X}" in message


@pytest.mark.parametrize("kind", KINDS.values(), ids=KINDS.keys())
def test_a_lone_surrogate_is_not_text(kind: TextKind) -> None:
    refused(kind, "half \ud800 a pair")


@pytest.mark.parametrize("kind", KINDS.values(), ids=KINDS.keys())
def test_a_tab_is_text_in_every_kind(kind: TextKind) -> None:
    assert kind("a\tb", "f") == "a\tb"


@pytest.mark.parametrize("line_break", ["\n", "\u2028", "\u2029"])
def test_line_breaks_are_free_text_only(line_break: str) -> None:
    value = f"first{line_break}second"
    assert text.free_text(value, "notes") == value
    refused(text.single_line, value, "job_role")
    refused(text.name, value, "name")


@pytest.mark.parametrize("control", BIDI, ids=[f"U+{ord(c):04X}" for c in BIDI])
def test_bidirectional_controls_are_refused_in_names_only(control: str) -> None:
    value = f"Ann{control}Smith"
    refused(text.name, value, "name")
    assert text.single_line(value, "job_role") == value
    assert text.free_text(value, "notes") == value


@pytest.mark.parametrize(
    "value",
    [
        "Zoë Łukasiewicz",
        "李小龙",
        "محمد علي",
        "דוד כהן",
        "O'Brien-Smith",
        "Ann\u200dSmith",
        "Ann\u200fSmith",
        "\U0001f469\u200d\U0001f527 Ann",
    ],
)
def test_names_in_any_script_are_kept_as_they_are(value: str) -> None:
    """Right-to-left letters, joiners and the plain left/right marks are text; only overrides are refused."""
    assert text.name(value, "name") == value


@pytest.mark.parametrize("kind", KINDS, ids=KINDS.keys())
@given(value=st.text(st.one_of(st.characters(exclude_categories=()), st.sampled_from(SPECIAL))))
def test_each_kind_accepts_exactly_what_the_policy_allows_and_returns_it_unchanged(kind: str, value: str) -> None:
    if allowed(kind, value):
        assert KINDS[kind](value, "f") is value
    else:
        refused(KINDS[kind], value)
