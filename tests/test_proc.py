"""Process helpers shared by the backend processes."""

from __future__ import annotations

import gc

from fireweed.shared.proc import FULL_COLLECTION_AFTER, rare_full_collections


def test_rare_full_collections_changes_only_the_oldest_generation() -> None:
    before = gc.get_threshold()
    try:
        gc.set_threshold(700, 10, 10)  # CPython's defaults
        rare_full_collections()
        assert gc.get_threshold() == (700, 10, FULL_COLLECTION_AFTER)
        assert FULL_COLLECTION_AFTER > 10  # control: the default is in fact changed
        assert gc.isenabled()  # the collector still runs
    finally:
        gc.set_threshold(*before)
