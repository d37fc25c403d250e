"""No module binds a top-level name twice.

The decider's rules keep their word lists in module constants. A second ``_PERIODS = ...`` further
down a module silently replaces the first for every function, including those written against the
first (this happened three times: a "last year" test read "last hour", an "earlier" list lost
"first"). ruff's F811 sees only functions and imports, so this test reads each module's syntax tree.
"""

from __future__ import annotations

import ast
from collections import Counter
from pathlib import Path

import fireweed

_ROOT = Path(fireweed.__file__).parent


def rebound_names(source: str) -> list[str]:
    """The names a module's top level binds more than once (``__all__`` may be extended)."""
    seen: Counter[str] = Counter()
    for node in ast.parse(source).body:
        if isinstance(node, ast.Assign):
            targets = [t.id for t in node.targets if isinstance(t, ast.Name)]
        elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
            targets = [node.target.id]
        elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            targets = [node.name]
        else:
            targets = []
        seen.update(t for t in targets if t != "__all__")
    return sorted(name for name, n in seen.items() if n > 1)


def test_the_checker_finds_a_constant_bound_twice() -> None:
    source = "_A = 1\n\ndef f():\n    return _A\n\n_B = 2\n_A = 3\n"
    assert rebound_names(source) == ["_A"]
    assert rebound_names(source.replace("_A = 3", "_C = 3")) == []


def test_the_checker_finds_a_function_defined_twice() -> None:
    assert rebound_names("def f():\n    pass\n\nx: int = 1\n\ndef f():\n    pass\n") == ["f"]


def test_no_module_of_fireweed_binds_a_name_twice() -> None:
    files = sorted(_ROOT.rglob("*.py"))
    assert len(files) > 20  # the package itself, not an empty directory
    found = {str(f.relative_to(_ROOT)): names for f in files if (names := rebound_names(f.read_text("utf-8")))}
    assert found == {}
