"""Every exception type has its words, once: the exceptions page, the dashboard and a shift's flags read
them from ``rendering.EXCEPTION_WORDS``, never the type's code."""

from __future__ import annotations

from workforce_core.rules.exceptions import EXCEPTION_TYPES, ExceptionType
from workforce_entrypoints.web.common.rendering import EXCEPTION_WORDS, exception_words, flag_words


def test_every_exception_type_has_words_and_no_two_share_them() -> None:
    assert set(EXCEPTION_WORDS) == set(ExceptionType)
    assert tuple(ExceptionType) == EXCEPTION_TYPES
    assert len(set(EXCEPTION_WORDS.values())) == len(EXCEPTION_WORDS)
    for kind in ExceptionType:
        words = exception_words(kind)
        assert words == EXCEPTION_WORDS[kind]
        assert "_" not in words
        assert flag_words([kind.value]) == [words]  # a shift's flag reads as the exception it makes


def test_a_type_not_known_reads_as_its_words() -> None:
    assert exception_words("new_check") == "new check"
