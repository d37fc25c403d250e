"""RFC 9162 (Certificate Transparency v2) Merkle tree hashing.

The ledger records one Merkle root per source; receipts carry inclusion proofs
into it. Everything here is a pure function of its arguments, SHA-256 comes
from :mod:`hashlib`, and the tree shape is exactly RFC 9162 section 2.1:

* leaf  = SHA-256(0x00 || leaf input)
* node  = SHA-256(0x01 || left || right)
* empty = SHA-256("")
* a tree of ``n > 1`` leaves splits at ``k``, the largest power of two ``< n``.

Indices are 0-based. The verifiers (``verify_inclusion``,
``verify_consistency``) follow the iterative algorithms of RFC 9162 sections
2.1.3.2 and 2.1.4.2 and never raise: any malformed input is simply "not a
valid proof", because they run on data read back from disk or received from
another process, where a crash would be a denial of service.

>>> leaf_hash(b"").hex()[:16]
'6e340b9cffb37a98'
>>> leaves = [leaf_hash(bytes([i])) for i in range(5)]
>>> verify_inclusion(leaves[3], 3, 5, inclusion_proof(3, leaves), root(leaves))
True
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence

__all__ = [
    "HASH_SIZE",
    "leaf_hash",
    "node_hash",
    "root",
    "inclusion_proof",
    "verify_inclusion",
    "consistency_proof",
    "verify_consistency",
]

HASH_SIZE = 32

_LEAF_PREFIX = b"\x00"
_NODE_PREFIX = b"\x01"


def leaf_hash(data: bytes) -> bytes:
    """Hash one leaf input: SHA-256(0x00 || data)."""
    return hashlib.sha256(_LEAF_PREFIX + bytes(data)).digest()


def node_hash(left: bytes, right: bytes) -> bytes:
    """Hash two child hashes into their parent: SHA-256(0x01 || left || right)."""
    return hashlib.sha256(_NODE_PREFIX + bytes(left) + bytes(right)).digest()


def _split(n: int) -> int:
    """The largest power of two strictly less than ``n`` (``n >= 2``)."""
    return 1 << ((n - 1).bit_length() - 1)


def _check_leaves(leaf_hashes: Sequence[bytes]) -> None:
    # Builders (unlike verifiers) raise: a wrong-sized leaf here is a bug in
    # the caller, and silently hashing it would publish a root no honest
    # verifier can reproduce.
    for i, h in enumerate(leaf_hashes):
        if not isinstance(h, (bytes, bytearray)) or len(h) != HASH_SIZE:
            raise ValueError(f"leaf hash {i} is not {HASH_SIZE} bytes")


def _mth(leaves: Sequence[bytes], lo: int, hi: int) -> bytes:
    """Merkle Tree Hash of leaves[lo:hi] (already leaf-hashed), hi > lo."""
    n = hi - lo
    if n == 1:
        return bytes(leaves[lo])
    k = _split(n)
    return node_hash(_mth(leaves, lo, lo + k), _mth(leaves, lo + k, hi))


def root(leaf_hashes: Sequence[bytes]) -> bytes:
    """The RFC 9162 root over already-hashed leaves; SHA-256(b"") when empty."""
    _check_leaves(leaf_hashes)
    if not leaf_hashes:
        return hashlib.sha256(b"").digest()
    return _mth(leaf_hashes, 0, len(leaf_hashes))


def inclusion_proof(index: int, leaf_hashes: Sequence[bytes]) -> list[bytes]:
    """The audit path PATH(index, D[n]) of RFC 9162 section 2.1.3.1, leaf to root.

    Raises ``IndexError`` if ``index`` is not a leaf of the tree.
    """
    _check_leaves(leaf_hashes)
    n = len(leaf_hashes)
    if isinstance(index, bool) or not isinstance(index, int) or not 0 <= index < n:
        raise IndexError(f"leaf index {index!r} out of range for tree size {n}")
    path: list[bytes] = []
    lo, hi, m = 0, n, index
    # Walk down from the root collecting sibling subtree hashes, then reverse:
    # the RFC lists the path from the leaf upwards.
    while hi - lo > 1:
        k = _split(hi - lo)
        if m < k:
            path.append(_mth(leaf_hashes, lo + k, hi))
            hi = lo + k
        else:
            path.append(_mth(leaf_hashes, lo, lo + k))
            lo, m = lo + k, m - k
    path.reverse()
    return path


def _is_hash(value: object) -> bool:
    return isinstance(value, (bytes, bytearray)) and len(value) == HASH_SIZE


def _is_size(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def verify_inclusion(
    leaf_hash: bytes,
    index: int,
    tree_size: int,
    proof: Sequence[bytes],
    root: bytes,
) -> bool:
    """Check an inclusion proof (RFC 9162 section 2.1.3.2). Never raises.

    Returns False for any malformed input: hashes that are not 32 bytes, an
    index outside the tree, a proof with missing or extra nodes.
    """
    try:
        if not (_is_hash(leaf_hash) and _is_hash(root)):
            return False
        if not (_is_size(index) and _is_size(tree_size)):
            return False
        if not 0 <= index < tree_size:
            return False
        if isinstance(proof, (bytes, bytearray, str)):
            return False
        nodes = list(proof)
        if not all(_is_hash(p) for p in nodes):
            return False
        fn, sn = index, tree_size - 1
        r = bytes(leaf_hash)
        for p in nodes:
            if sn == 0:
                return False  # more proof nodes than the tree has levels
            if fn & 1 or fn == sn:
                r = node_hash(p, r)
                if not fn & 1:
                    # Right-edge node of an unbalanced tree: skip the levels
                    # where it has no sibling.
                    while fn and not fn & 1:
                        fn >>= 1
                        sn >>= 1
            else:
                r = node_hash(r, p)
            fn >>= 1
            sn >>= 1
        return sn == 0 and r == bytes(root)
    except Exception:  # noqa: BLE001 - a verifier answers, it does not crash
        return False


def consistency_proof(size1: int, leaf_hashes: Sequence[bytes]) -> list[bytes]:
    """PROOF(size1, D[n]) of RFC 9162 section 2.1.4.1: the tree of the first
    ``size1`` leaves is a prefix of the tree of all of them.

    Empty when ``size1`` is 0 or equals the tree size. Raises ``ValueError``
    when ``size1`` is negative or larger than the tree.
    """
    _check_leaves(leaf_hashes)
    n = len(leaf_hashes)
    if isinstance(size1, bool) or not isinstance(size1, int) or not 0 <= size1 <= n:
        raise ValueError(f"size1 {size1!r} out of range for tree size {n}")
    if size1 in (0, n):
        return []
    path: list[bytes] = []
    lo, hi, m, complete = 0, n, size1, True
    while True:
        if m == hi - lo:
            if not complete:
                path.append(_mth(leaf_hashes, lo, hi))
            break
        k = _split(hi - lo)
        if m <= k:
            path.append(_mth(leaf_hashes, lo + k, hi))
            hi = lo + k
        else:
            path.append(_mth(leaf_hashes, lo, lo + k))
            lo, m, complete = lo + k, m - k, False
    path.reverse()
    return path


def verify_consistency(
    size1: int,
    size2: int,
    proof: Sequence[bytes],
    root1: bytes,
    root2: bytes,
) -> bool:
    """Check a consistency proof (RFC 9162 section 2.1.4.2). Never raises.

    Edge cases follow the reference verifier (transparency-dev/merkle):
    ``size1 == size2`` needs an empty proof and equal roots; ``size1 == 0``
    needs an empty proof (every tree extends the empty one); ``size1 > size2``
    is always rejected.
    """
    try:
        if not (_is_hash(root1) and _is_hash(root2)):
            return False
        if not (_is_size(size1) and _is_size(size2)):
            return False
        if isinstance(proof, (bytes, bytearray, str)):
            return False
        nodes = list(proof)
        if not all(_is_hash(p) for p in nodes):
            return False
        if size1 < 0 or size2 < size1:
            return False
        if size1 == size2:
            return not nodes and bytes(root1) == bytes(root2)
        if size1 == 0:
            return not nodes
        if not nodes:
            return False
        # When size1 is a power of two its root is itself a node of the
        # second tree, so the proof omits it and we supply it.
        if size1 & (size1 - 1) == 0:
            nodes = [bytes(root1), *nodes]
        fn, sn = size1 - 1, size2 - 1
        while fn & 1:
            fn >>= 1
            sn >>= 1
        fr = sr = nodes[0]
        for c in nodes[1:]:
            if sn == 0:
                return False
            if fn & 1 or fn == sn:
                fr = node_hash(c, fr)
                sr = node_hash(c, sr)
                if not fn & 1:
                    while fn and not fn & 1:
                        fn >>= 1
                        sn >>= 1
            else:
                sr = node_hash(sr, c)
            fn >>= 1
            sn >>= 1
        return sn == 0 and fr == bytes(root1) and sr == bytes(root2)
    except Exception:  # noqa: BLE001
        return False
