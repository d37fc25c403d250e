"""Whether a text spells a name, as whole words, in any case and spacing.

Erasure uses it in two processes: the writer to find the sentences and the read-audit
records to destroy, the decider to find the read-audit records it holds in memory. One
definition, so that both agree on what "names the subject" means.

>>> pattern = spelling([norm("Dan Cole")])
>>> bool(pattern.search(norm("What car does DAN  cole drive?")))
True
>>> bool(pattern.search(norm("Dan Coleman repaired the gate.")))
False
"""

from __future__ import annotations

import re

_SPACE = re.compile(r"\s+")


def norm(text: str) -> str:
    """Spacing collapsed and case folded: the form names are compared in."""
    return _SPACE.sub(" ", text).strip().casefold()


def spelling(names: list[str]) -> re.Pattern[str] | None:
    """Any of the (normalised) names as whole words: "dan cole" in "dan cole's van", not in a
    bystander's "dan coleman" or "dan cole-hart"."""
    alternatives = [rf"(?<![\w-]){re.escape(n)}(?![\w-])" for n in names if n]
    return re.compile("|".join(alternatives)) if alternatives else None

