"""Erasure certificates: RFC 8032 signer vectors, tamper evidence, rendering."""

from __future__ import annotations

import copy
import hashlib
import json
from pathlib import Path
from typing import Any

import nacl.exceptions
import nacl.signing
import pytest

from fireweed.ledger_writer.certificate import (
    CERT_FORMAT,
    SCOPE,
    CertificateRefused,
    build_certificate,
    certificate_bytes,
    public_key_id,
    render_certificate,
    sign_certificate,
    verify_certificate,
    verify_certificate_bytes,
)
from fireweed.shared.canonical import canonical_json

VECTORS = json.loads((Path(__file__).parent / "vectors" / "rfc8032_ed25519.json").read_text())["vectors"]

SEED = bytes(range(32))
FP = hashlib.sha256(b"priya raman").hexdigest()


def fields(**overrides: Any) -> dict[str, Any]:
    args: dict[str, Any] = dict(
        tenant="acme",
        subject_fingerprint=FP,
        closure_size=4,
        memories_erased=3,
        derived_invalidated=1,
        bystanders_surviving=2,
        probes=[
            {"question": "Where does Priya Raman work?", "verdict": "ABSTAINED"},
            {"question": "Who is Priya Raman?", "verdict": "ABSTAINED"},
        ],
        ledger_head_before={"seq": 41, "hash": "ab" * 32},
        ledger_head_after={"seq": 42, "hash": "cd" * 32},
        key_destroyed=True,
        signed_at="2025-01-02T03:04:05Z",
    )
    args.update(overrides)
    return build_certificate(**args)


@pytest.fixture
def sk() -> nacl.signing.SigningKey:
    return nacl.signing.SigningKey(SEED)


@pytest.fixture
def cert(sk: nacl.signing.SigningKey) -> dict[str, Any]:
    return sign_certificate(fields(), sk)


def pk(sk: nacl.signing.SigningKey) -> bytes:
    return bytes(sk.verify_key)


# ---------------------------------------------------------------- RFC 8032


@pytest.mark.parametrize("v", VECTORS, ids=lambda v: v["public_key"][:8])
def test_rfc8032_vectors(v: dict[str, str]) -> None:
    key = nacl.signing.SigningKey(bytes.fromhex(v["secret_key"]))
    assert bytes(key.verify_key).hex() == v["public_key"]
    msg = bytes.fromhex(v["message"])
    assert key.sign(msg).signature.hex() == v["signature"]
    verify = nacl.signing.VerifyKey(bytes.fromhex(v["public_key"]))
    verify.verify(msg, bytes.fromhex(v["signature"]))
    # Negative control: the signature does not verify for another message.
    with pytest.raises(nacl.exceptions.BadSignatureError):
        verify.verify(msg + b"x", bytes.fromhex(v["signature"]))


@pytest.mark.parametrize("v", VECTORS, ids=lambda v: v["public_key"][:8])
def test_certificate_signer_matches_rfc8032_signer(v: dict[str, str]) -> None:
    # The certificate signature is plain RFC 8032 Ed25519 over the canonical
    # message: recompute it independently from the vector's key.
    key = nacl.signing.SigningKey(bytes.fromhex(v["secret_key"]))
    cert = sign_certificate(fields(), key)
    unsigned = {k: val for k, val in cert.items() if k != "signature"}
    expected = key.sign(canonical_json(unsigned)).signature.hex()
    assert cert["signature"] == "ed25519:" + expected
    assert cert["public_key_id"] == "ed25519:" + hashlib.sha256(bytes.fromhex(v["public_key"])).hexdigest()[:16]
    assert verify_certificate(cert, bytes.fromhex(v["public_key"]))


# ---------------------------------------------------------------- contents


def test_fields_present(cert: dict[str, Any], sk: nacl.signing.SigningKey) -> None:
    for name in (
        "tenant", "subject_fingerprint", "closure_size", "memories_erased", "derived_invalidated",
        "bystanders_surviving", "probes", "probes_all_abstained", "ledger_head_before",
        "ledger_head_after", "cipher", "key_destroyed", "adversary_checkable", "scope",
        "signed_at", "public_key_id", "signature", "format",
    ):
        assert name in cert, name
    assert cert["cipher"] == "XChaCha20-Poly1305"
    assert cert["adversary_checkable"] is True
    assert cert["probes_all_abstained"] is True
    assert cert["scope"] == SCOPE
    assert cert["format"] == CERT_FORMAT
    assert cert["public_key_id"] == public_key_id(pk(sk))
    assert cert["signature"].startswith("ed25519:") and len(cert["signature"]) == 8 + 128
    for phrase in ("does NOT", "copies", "backups", "operator"):
        assert phrase in SCOPE


def test_public_key_id_format(sk: nacl.signing.SigningKey) -> None:
    kid = public_key_id(pk(sk))
    assert kid == "ed25519:" + hashlib.sha256(pk(sk)).hexdigest()[:16]
    assert public_key_id(bytes(32)) != kid
    with pytest.raises(ValueError):
        public_key_id(b"short")


def test_refuses_when_a_probe_answered(sk: nacl.signing.SigningKey) -> None:
    answered = fields(probes=[
        {"question": "Who is Priya?", "verdict": "ABSTAINED"},
        {"question": "Where does Priya work?", "verdict": "ANSWERED"},
    ])
    assert answered["probes_all_abstained"] is False
    with pytest.raises(CertificateRefused, match="Where does Priya work"):
        sign_certificate(answered, sk)
    with pytest.raises(CertificateRefused):
        sign_certificate(fields(probes=[]), sk)
    # A hand-edited flag does not override the verdicts.
    with pytest.raises(CertificateRefused):
        sign_certificate(dict(answered, probes_all_abstained=True), sk)
    # Nor does a flag set to false with abstaining probes get signed.
    with pytest.raises(CertificateRefused):
        sign_certificate(dict(fields(), probes_all_abstained=False), sk)
    assert verify_certificate(sign_certificate(fields(), sk), pk(sk))  # control


@pytest.mark.parametrize(
    "override",
    [
        {"tenant": "../x"},
        {"subject_fingerprint": "Priya Raman"},
        {"closure_size": -1},
        {"memories_erased": 1.0},
        {"derived_invalidated": True},
        {"ledger_head_before": {"seq": 1}},
        {"ledger_head_after": {"seq": 1, "hash": "zz"}},
        {"probes": [{"question": "q"}]},
        {"key_destroyed": "yes"},
    ],
)
def test_build_validates(override: dict[str, Any]) -> None:
    fields()  # control
    with pytest.raises(ValueError):
        fields(**override)


def test_signed_at_defaults_to_utc_now() -> None:
    f = build_certificate(**{k: v for k, v in _raw_args().items() if k != "signed_at"})
    assert f["signed_at"].endswith("Z") and f["signed_at"][:2] == "20"


def _raw_args() -> dict[str, Any]:
    return dict(
        tenant="acme", subject_fingerprint=FP, closure_size=1, memories_erased=1,
        derived_invalidated=0, bystanders_surviving=0,
        probes=[{"question": "q", "verdict": "ABSTAINED"}],
        ledger_head_before={"seq": 1, "hash": "00" * 32}, ledger_head_after={"seq": 2, "hash": "11" * 32},
        key_destroyed=True, signed_at="x",
    )


def test_public_key_id_mismatch_refused(sk: nacl.signing.SigningKey) -> None:
    f = dict(fields(), public_key_id="ed25519:0000000000000000")
    with pytest.raises(ValueError):
        sign_certificate(f, sk)


# ---------------------------------------------------------------- verification


def test_public_key_id_must_name_the_verifying_key(cert: dict[str, Any], sk: nacl.signing.SigningKey) -> None:
    # A certificate signed by this key but naming another key id (made by
    # some other tool) is inconsistent and must not pass.
    other_id = public_key_id(bytes(32))
    body = {k: v for k, v in cert.items() if k != "signature"} | {"public_key_id": other_id}
    odd = dict(body, signature="ed25519:" + sk.sign(canonical_json(body)).signature.hex())
    assert verify_certificate(cert, pk(sk))  # control
    assert verify_certificate(odd, pk(sk)) is False


def test_verifies(cert: dict[str, Any], sk: nacl.signing.SigningKey) -> None:
    assert verify_certificate(cert, pk(sk)) is True


def test_another_install_key_fails(cert: dict[str, Any], sk: nacl.signing.SigningKey) -> None:
    other = nacl.signing.SigningKey(bytes(32))
    assert verify_certificate(cert, pk(sk))  # control
    assert verify_certificate(cert, pk(other)) is False
    # Even if the attacker also rewrites public_key_id to match their key.
    assert verify_certificate(dict(cert, public_key_id=public_key_id(pk(other))), pk(other)) is False
    # A certificate re-signed by the other key does not verify under ours.
    resigned = sign_certificate({k: v for k, v in cert.items() if k not in ("signature", "public_key_id")}, other)
    assert verify_certificate(resigned, pk(other)) is True
    assert verify_certificate(resigned, pk(sk)) is False


def _leaf_paths(obj: Any, path: tuple = ()) -> list[tuple]:
    if isinstance(obj, dict):
        return [p for k, v in obj.items() for p in _leaf_paths(v, path + (k,))]
    if isinstance(obj, list):
        return [p for i, v in enumerate(obj) for p in _leaf_paths(v, path + (i,))]
    return [path]


def _mutate(value: Any) -> Any:
    if isinstance(value, bool):
        return not value
    if isinstance(value, int):
        return value + 1
    if isinstance(value, str):
        return value[:-1] + ("0" if value[-1:] != "0" else "1") if value else "x"
    raise AssertionError(type(value))


def test_any_changed_field_fails(cert: dict[str, Any], sk: nacl.signing.SigningKey) -> None:
    paths = _leaf_paths(cert)
    assert len(paths) > 15
    for path in paths:
        tampered = copy.deepcopy(cert)
        target = tampered
        for step in path[:-1]:
            target = target[step]
        target[path[-1]] = _mutate(target[path[-1]])
        assert verify_certificate(tampered, pk(sk)) is False, path
    # Added or removed fields fail too.
    assert verify_certificate(dict(cert, extra="x"), pk(sk)) is False
    for name in cert:
        assert verify_certificate({k: v for k, v in cert.items() if k != name}, pk(sk)) is False, name
    assert verify_certificate(dict(cert, probes=cert["probes"][:1]), pk(sk)) is False


def test_every_byte_of_the_saved_file_matters(cert: dict[str, Any], sk: nacl.signing.SigningKey) -> None:
    data = certificate_bytes(cert)
    assert verify_certificate_bytes(data, pk(sk)) is True  # control
    assert json.loads(data) == cert
    for i in range(len(data)):
        for delta in (1, 0x20):
            changed = bytearray(data)
            changed[i] ^= delta
            assert verify_certificate_bytes(bytes(changed), pk(sk)) is False, (i, delta)


def test_non_canonical_file_refused(cert: dict[str, Any], sk: nacl.signing.SigningKey) -> None:
    pretty = json.dumps(cert, indent=2).encode()
    assert verify_certificate(json.loads(pretty), pk(sk))  # same value...
    assert verify_certificate_bytes(pretty, pk(sk)) is False  # ...but not the saved bytes
    assert verify_certificate_bytes(certificate_bytes(cert) + b"\n", pk(sk)) is False


@pytest.mark.parametrize(
    "garbage",
    [None, 42, "cert", [], {}, {"signature": 5}, {"signature": "ed25519:zz"}, {"signature": "ed25519:" + "A" * 128}],
)
def test_verify_never_raises(garbage: Any, sk: nacl.signing.SigningKey) -> None:
    assert verify_certificate(garbage, pk(sk)) is False


def test_verify_never_raises_on_bad_keys_or_values(cert: dict[str, Any], sk: nacl.signing.SigningKey) -> None:
    for key in (b"", b"short", None, "hex", bytes(33)):
        assert verify_certificate(cert, key) is False  # type: ignore[arg-type]
    assert verify_certificate(dict(cert, closure_size=1.5), pk(sk)) is False  # float: not canonical
    assert verify_certificate(dict(cert, signature=cert["signature"].upper()), pk(sk)) is False
    for data in (b"", b"\xff\xfe", b"[]", b"{", b"null"):
        assert verify_certificate_bytes(data, pk(sk)) is False
    assert verify_certificate_bytes(None, pk(sk)) is False  # type: ignore[arg-type]


# ---------------------------------------------------------------- rendering


def test_render(cert: dict[str, Any]) -> None:
    text = render_certificate(cert)
    lines = text.splitlines()
    assert f"signature : {cert['signature']}" in lines
    for name in ("tenant", "subject_fingerprint", "closure_size", "public_key_id", "signed_at", "cipher"):
        assert f"{name} : {cert[name]}" in lines
    assert "probes_all_abstained : true" in lines
    assert "adversary_checkable : true" in lines
    assert f"ledger_head_before : seq 41, hash {'ab' * 32}" in lines
    assert "  - Where does Priya Raman work? -> ABSTAINED" in lines
    assert "SCOPE" in lines and SCOPE in lines
    assert "scope : " not in text  # rendered as the paragraph, not a field line
    # Negative control: an unsigned certificate does not pretend otherwise.
    assert "signature : (unsigned)" in render_certificate({k: v for k, v in cert.items() if k != "signature"})


def test_render_neutralises_control_characters(sk: nacl.signing.SigningKey) -> None:
    evil = sign_certificate(fields(probes=[{"question": "q\nsignature : forged\x1b[2J", "verdict": "ABSTAINED"}]), sk)
    text = render_certificate(evil)
    assert "\x1b" not in text
    assert not any(line.startswith("signature : forged") for line in text.splitlines())
    assert sum(line.startswith("signature : ") for line in text.splitlines()) == 1
