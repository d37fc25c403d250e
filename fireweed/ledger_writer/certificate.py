"""Erasure certificates: build, sign (Ed25519), verify, render.

A certificate is a flat JSON object. The signature is Ed25519 (PyNaCl) over
``canonical_json`` of every field except ``signature`` itself, so anyone can
check it with any Ed25519 library and the published public key:

    message   = canonical_json({k: v for k, v in cert.items() if k != "signature"})
    signature = bytes.fromhex(cert["signature"].removeprefix("ed25519:"))
    Ed25519.verify(public_key, message, signature)

(``canonical_json`` is ``json.dumps(..., sort_keys=True, separators=(",",
":"), ensure_ascii=False)`` encoded as UTF-8; see fireweed.shared.canonical.)
The ``format`` field, part of the signed message, separates these signatures
from anything else the install key might ever sign.

Save certificates with :func:`certificate_bytes` and check files with
:func:`verify_certificate_bytes`, which also requires the file to be exactly
canonical, so that changing ANY byte of it fails verification.
"""

from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Mapping, Sequence
from datetime import datetime, timezone
from typing import Any

import nacl.signing

from fireweed.ledger_writer.keyring import CIPHER
from fireweed.shared.canonical import canonical_json
from fireweed.shared.names import validate_tenant

__all__ = [
    "CERT_FORMAT",
    "SCOPE",
    "ABSTAINED",
    "CertificateRefused",
    "public_key_id",
    "build_certificate",
    "sign_certificate",
    "verify_certificate",
    "certificate_bytes",
    "verify_certificate_bytes",
    "render_certificate",
]

CERT_FORMAT = "fireweed-erasure-certificate/v1"
ABSTAINED = "ABSTAINED"

SCOPE = (
    "This certificate attests that, in this store, at signed_at, every memory in the "
    "subject's closure was erased: the subject's content keys were destroyed, its source "
    "parts were redacted, and every probe about the subject abstained; the ledger head "
    "before and after the erasure is given so the chain can be checked. It does NOT "
    "certify: copies taken before the erasure (exports outside the store's exports folder, "
    "which the erasure empties of the subject; agent transcripts, caches, answers already "
    "given); backups or snapshots of the store or of the keys directory; "
    "the operator who holds the keys directory and could have copied keys before they "
    "were destroyed; or the physical erasure of blocks on storage that remaps writes "
    "(SSDs, copy-on-write filesystems). It is checkable by anyone holding the published "
    "Ed25519 public key, without trusting this server."
)

_SIG_RE = re.compile(r"ed25519:[0-9a-f]{128}")
_HASH_RE = re.compile(r"[0-9a-f]{64}")

_FIELD_ORDER = (
    "format",
    "tenant",
    "subject_fingerprint",
    "closure_size",
    "memories_erased",
    "derived_invalidated",
    "bystanders_surviving",
    "probes",
    "probes_all_abstained",
    "ledger_head_before",
    "ledger_head_after",
    "cipher",
    "key_destroyed",
    "adversary_checkable",
    "signed_at",
    "public_key_id",
    "scope",
)


class CertificateRefused(ValueError):
    """The facts do not support a certificate (e.g. a probe still answered)."""


def public_key_id(public_key: bytes) -> str:
    """``"ed25519:"`` + the first 16 hex digits of SHA-256(public key)."""
    if not isinstance(public_key, (bytes, bytearray)) or len(public_key) != 32:
        raise ValueError("an Ed25519 public key is 32 bytes")
    return "ed25519:" + hashlib.sha256(bytes(public_key)).hexdigest()[:16]


def _count(name: str, value: object) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise ValueError(f"{name} must be a non-negative int")
    return value


def _head(name: str, head: Mapping[str, Any]) -> dict[str, Any]:
    if not isinstance(head, Mapping) or set(head) != {"seq", "hash"}:
        raise ValueError(f"{name} must be {{seq, hash}}")
    seq, h = head["seq"], head["hash"]
    if isinstance(seq, bool) or not isinstance(seq, int) or seq < 0:
        raise ValueError(f"{name}.seq must be a non-negative int")
    if not isinstance(h, str) or not _HASH_RE.fullmatch(h):
        raise ValueError(f"{name}.hash must be 64 lowercase hex digits")
    return {"seq": seq, "hash": h}


def _utc_now() -> str:
    return datetime.now(timezone.utc).replace(microsecond=0).isoformat().replace("+00:00", "Z")


def build_certificate(
    *,
    tenant: str,
    subject_fingerprint: str,
    closure_size: int,
    memories_erased: int,
    derived_invalidated: int,
    bystanders_surviving: int,
    probes: Sequence[Mapping[str, str]],
    ledger_head_before: Mapping[str, Any],
    ledger_head_after: Mapping[str, Any],
    key_destroyed: bool,
    signed_at: str | None = None,
) -> dict[str, Any]:
    """The unsigned certificate fields, validated.

    ``probes_all_abstained`` is computed from the probe verdicts, never taken
    from the caller. ``public_key_id`` is filled in by :func:`sign_certificate`.
    ``signed_at`` defaults to now (UTC, RFC 3339).
    """
    validate_tenant(tenant)
    if not isinstance(subject_fingerprint, str) or not _HASH_RE.fullmatch(subject_fingerprint):
        raise ValueError("subject_fingerprint must be 64 lowercase hex digits")
    probe_list: list[dict[str, str]] = []
    for i, p in enumerate(probes):
        if not isinstance(p, Mapping) or set(p) != {"question", "verdict"}:
            raise ValueError(f"probe {i} must be {{question, verdict}}")
        if not all(isinstance(p[k], str) and p[k] for k in ("question", "verdict")):
            raise ValueError(f"probe {i}: question and verdict must be non-empty str")
        probe_list.append({"question": p["question"], "verdict": p["verdict"]})
    if not isinstance(key_destroyed, bool):
        raise ValueError("key_destroyed must be a bool")
    if signed_at is None:
        signed_at = _utc_now()
    elif not isinstance(signed_at, str) or not signed_at:
        raise ValueError("signed_at must be a non-empty str")
    return {
        "format": CERT_FORMAT,
        "tenant": tenant,
        "subject_fingerprint": subject_fingerprint,
        "closure_size": _count("closure_size", closure_size),
        "memories_erased": _count("memories_erased", memories_erased),
        "derived_invalidated": _count("derived_invalidated", derived_invalidated),
        "bystanders_surviving": _count("bystanders_surviving", bystanders_surviving),
        "probes": probe_list,
        "probes_all_abstained": bool(probe_list) and all(p["verdict"] == ABSTAINED for p in probe_list),
        "ledger_head_before": _head("ledger_head_before", ledger_head_before),
        "ledger_head_after": _head("ledger_head_after", ledger_head_after),
        "cipher": CIPHER,
        "key_destroyed": key_destroyed,
        "adversary_checkable": True,
        "scope": SCOPE,
        "signed_at": signed_at,
    }


def _message(cert: Mapping[str, Any]) -> bytes:
    return canonical_json({k: v for k, v in cert.items() if k != "signature"})


def sign_certificate(fields: Mapping[str, Any], signing_key: nacl.signing.SigningKey) -> dict[str, Any]:
    """Return a copy of ``fields`` with ``public_key_id`` and ``signature`` added.

    Refuses (:class:`CertificateRefused`) when the probes did not all abstain
    (or none were run): the library itself will not certify an erasure that
    its own probes contradict, whatever the caller forgot to check.
    """
    if "signature" in fields:
        raise ValueError("fields are already signed")
    probes = fields.get("probes")
    if not isinstance(probes, list):
        raise ValueError("fields have no probes list; build them with build_certificate")
    # Re-derived from the verdicts rather than trusting the flag, in case the
    # fields were assembled or edited by hand.
    answered = [p for p in probes if not isinstance(p, Mapping) or p.get("verdict") != ABSTAINED]
    if answered or not probes or fields.get("probes_all_abstained") is not True:
        raise CertificateRefused(
            "NO CERTIFICATE ISSUED: "
            + (
                "a probe still answered: " + json.dumps(answered[0], ensure_ascii=False, default=str)
                if answered
                else "no probes were run"
            )
        )
    cert = dict(fields)
    kid = public_key_id(bytes(signing_key.verify_key))
    if cert.setdefault("public_key_id", kid) != kid:
        raise ValueError("public_key_id does not match the signing key")
    sig = signing_key.sign(_message(cert)).signature
    cert["signature"] = "ed25519:" + sig.hex()
    return cert


def verify_certificate(cert: Mapping[str, Any], public_key_bytes: bytes) -> bool:
    """True iff ``cert`` carries a valid signature by ``public_key_bytes``. Never raises."""
    try:
        if not isinstance(cert, Mapping):
            return False
        sig = cert.get("signature")
        if not isinstance(sig, str) or not _SIG_RE.fullmatch(sig):
            return False
        if cert.get("public_key_id") != public_key_id(public_key_bytes):
            return False
        if cert.get("format") != CERT_FORMAT:
            return False
        key = nacl.signing.VerifyKey(bytes(public_key_bytes))
        key.verify(_message(cert), bytes.fromhex(sig[len("ed25519:"):]))
        return True
    except Exception:  # noqa: BLE001 - BadSignatureError and any malformed input alike
        return False


def certificate_bytes(cert: Mapping[str, Any]) -> bytes:
    """The exact bytes to save a certificate as (canonical JSON of all its fields)."""
    return canonical_json(dict(cert))


def verify_certificate_bytes(data: bytes, public_key_bytes: bytes) -> bool:
    """Verify a saved certificate file. Never raises.

    Besides the signature, the bytes must be exactly the canonical form, so an
    edit that parses to the same value (whitespace, escapes, a duplicated key)
    is rejected too.
    """
    try:
        cert = json.loads(bytes(data).decode("utf-8"))
        if not isinstance(cert, dict) or canonical_json(cert) != bytes(data):
            return False
        return verify_certificate(cert, public_key_bytes)
    except Exception:  # noqa: BLE001
        return False


_CONTROL = re.compile(r"[\x00-\x1f\x7f-\x9f\u2028\u2029]")


def _clean(text: str) -> str:
    # Certificates are printed to an operator's terminal; a probe question
    # carrying escape sequences or newlines must not forge lines.
    return _CONTROL.sub(lambda m: f"\\u{ord(m.group()):04x}", text)


def _show(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, Mapping) and set(value) == {"seq", "hash"}:
        return f"seq {value['seq']}, hash {value['hash']}"
    if isinstance(value, (str, int)):
        return _clean(str(value))
    return _clean(json.dumps(value, ensure_ascii=False, sort_keys=True))


def render_certificate(cert: Mapping[str, Any]) -> str:
    """Human-readable text: the signature line, one ``name : value`` per field, the SCOPE."""
    lines = ["ERASURE CERTIFICATE", f"signature : {_show(cert.get('signature', '(unsigned)'))}"]
    known = [k for k in _FIELD_ORDER if k in cert and k != "scope"]
    extra = sorted(k for k in cert if k not in _FIELD_ORDER and k != "signature")
    for name in known + extra:
        value = cert[name]
        if name == "probes" and isinstance(value, list):
            lines.append(f"probes : {len(value)} run")
            for p in value:
                if isinstance(p, Mapping):
                    q, v = _show(p.get("question", "")), _show(p.get("verdict", ""))
                    lines.append(f"  - {q} -> {v}")
                else:
                    lines.append(f"  - {_show(p)}")
            continue
        lines.append(f"{_clean(str(name))} : {_show(value)}")
    lines += ["", "SCOPE", _show(cert.get("scope", SCOPE))]
    return "\n".join(lines) + "\n"
