"""The `fireweed` command: one entry point, one subcommand per job.

Every subcommand that works on a store takes --store, --keys and --tenant (or
FIREWEED_STORE, FIREWEED_KEYS, FIREWEED_TENANT), so an operator's command and an
agent's server always mean the same store. `demo` takes none: its store is temporary.
"""

from __future__ import annotations

import argparse
import json
import os
import signal
import sys
import time
from collections.abc import Callable, Sequence
from typing import Any

import anyio

from fireweed.shared import display
from fireweed.shared.config import ENV_STORE, Settings, check_store_path, resolve_settings
from fireweed.shared.errors import FireweedError, RemoteError, Unavailable
from fireweed.shared.names import operator_text_problem
from fireweed.shared.rpc import connect_unix


def _common(p: argparse.ArgumentParser) -> None:
    p.add_argument("--store", help="store directory (env FIREWEED_STORE; default under the user's data dir)")
    p.add_argument("--keys", help="keys directory, outside the store (env FIREWEED_KEYS; default under the user's config dir)")
    p.add_argument("--tenant", help="tenant name (env FIREWEED_TENANT; default 'default')")


def _settings(ns: argparse.Namespace) -> Settings:
    return resolve_settings(ns.store, ns.keys, ns.tenant)


def fail(message: str, code: int = 2) -> int:
    print(f"fireweed: error: {message}", file=sys.stderr)
    return code


async def operator_call(settings: Settings, op: str, **args: Any) -> dict[str, Any]:
    async with connect_unix(settings.operator_socket) as client:
        return await client.call(op, settings.tenant, args=args)


# ---- subcommands ----------------------------------------------------------
def cmd_serve(ns: argparse.Namespace) -> int:
    from fireweed.proposer_api.serve import serve
    from fireweed.shared import policy
    from fireweed.shared.proc import setup_logging

    settings = _settings(ns)
    policy.from_environment()  # an unknown FIREWEED_READ_AUDIT or FIREWEED_READMISSION: refused before serving
    setup_logging("front")
    return anyio.run(serve, settings)


def cmd_backend(ns: argparse.Namespace) -> int:
    from fireweed.proposer_api.backend import ensure_backend

    settings = _settings(ns)
    if ns.action == "start":
        started = anyio.run(ensure_backend, settings)
        # Wait for the writer as well: a backend whose writer cannot start serves nothing.
        status = anyio.run(lambda: operator_call(settings, "status", wait_ready=30))
        if not status.get("writer_ready"):
            why = status.get("writer_failure") or "it was not ready within 30s"
            if started:  # nobody else uses the backend this command started: do not leave it idling
                anyio.run(lambda: operator_call(settings, "stop"))
            return fail(f"the backend's ledger writer cannot start: {why} (log: {settings.log_path})", 1)
        print(("started" if started else "already running") + f": decider pid {status['decider_pid']}, store {settings.store}")
        return 0
    if ns.action == "status":
        try:
            status = anyio.run(lambda: operator_call(settings, "status"))
        except Unavailable:
            print(f"not running (store {settings.store})")
            return 3
        for key, value in status.items():
            print(f"{key:14}: {value}")
        return 0
    # stop
    from fireweed.shared.proc import lock_holder

    def held() -> bool:
        return lock_holder(settings.decider_lock) is not None or lock_holder(settings.writer_lock) is not None

    def ask_to_stop() -> None:
        try:
            anyio.run(lambda: operator_call(settings, "stop"))
        except Unavailable:
            pass  # nothing listens (yet, or any more): the locks tell which

    if settings.store.is_dir():
        # a decider queued on the lock since before now reads this and exits instead of serving
        settings.stop_mark.touch(mode=0o600)
    ask_to_stop()
    if not held():
        print(f"not running (store {settings.store})")
        return 0
    deadline = time.monotonic() + 30
    asked = time.monotonic()
    while time.monotonic() < deadline:
        if not held():
            print("stopped")
            return 0
        if time.monotonic() - asked > 0.5:
            # A decider that held the lock but had not opened its sockets when asked (one that was
            # starting, or one queued behind the stopped one) is asked again once it listens.
            ask_to_stop()
            asked = time.monotonic()
        time.sleep(0.05)
    return fail("the backend did not stop within 30s", 1)


def cmd_verify(ns: argparse.Namespace) -> int:
    from fireweed.ledger_writer.chain_check import check_chain

    settings = _settings(ns)
    try:
        report = check_chain(settings.ledger_path)
    except FileNotFoundError as exc:
        return fail(str(exc))
    except Exception as exc:  # a corrupt file is a failed verification, not a traceback
        print(f"FAILED: the ledger cannot be read: {exc}")
        return 1
    if report.bad is not None:
        tenant, seq, why = report.bad
        print(f"FAILED tenant={tenant} seq={seq}: {why}")
        return 1
    print(f"OK {report.events} events in {len(report.heads)} chain(s)")
    for tenant, (seq, digest) in sorted(report.heads.items()):
        print(f"  {tenant}: head seq {seq} hash {digest}")
    return 0


def require_store(settings: Settings) -> None:
    """Refuse a store that was never created (no ledger.db), as `verify` does.

    Starting a backend creates the store and mints keys: for a verb that only reads or
    changes what is stored, a mistyped --store would otherwise answer from a new empty
    store ("the review queue is empty", a bundle of 0 memories) and leave it behind."""
    check_store_path(settings.store)
    if not settings.ledger_path.exists():
        raise FireweedError(
            f"no store at {settings.store} (no ledger.db there): check --store or {ENV_STORE}; a store is "
            "created by `fireweed serve`, `fireweed backend start` or `fireweed import`", "no_store")


def _operator(settings: Settings, op: str, *, create: bool = False, **args: Any) -> dict[str, Any]:
    """Call an operator verb, starting the backend first if it is not running.

    Only with `create` may that start make a new store (import restores into one)."""
    from fireweed.proposer_api.backend import ensure_backend

    if not create:
        require_store(settings)

    async def go() -> dict[str, Any]:
        await ensure_backend(settings)
        return await operator_call(settings, op, **args)

    try:
        return anyio.run(go)
    except RemoteError as exc:
        raise FireweedError(str(exc), exc.code) from None


def operator_text(flag: str, value: str | None, *, required: bool) -> str:
    """An operator's --by or --note, refused before anything is sent if it cannot be recorded.

    Both stay in the ledger for good and are printed to terminals later (names.operator_text_problem)."""
    if value is None:
        if required:
            raise FireweedError(f"{flag} NAME is required: every decision names the person who made it", "invalid_arguments")
        return ""
    problem = operator_text_problem(value)
    if problem:
        raise FireweedError(f"{flag} must be one line of plain text: {problem}", "invalid_arguments")
    return value


def cmd_review(ns: argparse.Namespace) -> int:
    settings = _settings(ns)
    if ns.action == "list":
        queue = _operator(settings, "review_list")["queue"]
        if not queue:
            print("the review queue is empty")
        for item in queue:
            print(f"{item['memory_id']}  [{item.get('reason') or 'quarantined'}]  seq {item.get('seq')}")
            print(f"    claim   : {json.dumps(item.get('claim'), ensure_ascii=False)}")
            print(f"    evidence: {json.dumps(item.get('evidence'), ensure_ascii=False)}")
        return 0
    if not ns.id:
        return fail(f"review {ns.action} needs a memory ID (see `fireweed review list`)")
    by = operator_text("--by", ns.by, required=True)
    note = operator_text("--note", ns.note, required=False)
    out = _operator(settings, "review_decide", memory_id=ns.id, decision=ns.action, by=by, note=note)
    done = {"approve": "approved", "reject": "rejected"}[ns.action]
    print(f"{done} {out['memory_id']} by {out['by']} (seq {out['seq']}); state now {out['state']}")
    return 0


def cmd_hold(ns: argparse.Namespace) -> int:
    settings = _settings(ns)
    op = "hold" if ns.command == "hold" else "release"
    out = _operator(settings, op, subject=ns.subject, by=operator_text("--by", ns.by, required=True))
    verb = "held (frozen)" if out["frozen"] else "released"
    print(f"{out.get('name') or ns.subject}: {verb}" + ("" if out["changed"] else " already; nothing changed") +
          (f" at seq {out['seq']}" if out.get("seq") else ""))
    return 0


def cmd_certificate(ns: argparse.Namespace) -> int:
    from pathlib import Path

    from fireweed.ledger_writer.certificate import render_certificate, verify_certificate_bytes
    from fireweed.ledger_writer.publish import KeysMismatch, published_key

    try:
        data = Path(ns.file).read_bytes()
    except OSError as exc:
        return fail(f"cannot read {ns.file}: {exc.strerror}")
    if ns.public_key:
        try:
            key = bytes.fromhex(ns.public_key)
        except ValueError:
            key = b""
        if len(key) != 32:
            return fail("--public-key must be the 64 hex digits of an Ed25519 public key")
    else:
        settings = _settings(ns)
        try:
            # Only a missing file means "none published"; any other failure is named, so the
            # operator fixes the file (a permission, a directory in its place), not the command.
            published = published_key(settings.store)
        except KeysMismatch as exc:
            return fail(f"{exc} (or give --public-key HEX)")
        if published is None:
            return fail(f"no published public key in {settings.store} (give --public-key HEX)")
        key = published
    if verify_certificate_bytes(data, key):
        print(f"VALID: the signature verifies against {'the key given' if ns.public_key else 'the published key'}")
        print(render_certificate(json.loads(data)))
        return 0
    print("INVALID: the certificate does not verify against this public key (changed, or signed by another install)")
    return 1


def cmd_export(ns: argparse.Namespace) -> int:
    settings = _settings(ns)
    out = _operator(settings, "export", out=os.path.abspath(ns.out), subject=ns.subject)
    if out.get("verdict") != "ok":
        return fail(f"{out.get('message')} [{out.get('code')}]", 1)
    print(f"wrote {out['path']}: {out['memories']} memories, {out['events']} events, {out['sources']} sources")
    print(f"verify it without Fireweed: {display.verifier_command(out['path'])}")
    return 0


def _store_key_id(settings: Settings) -> str | None:
    """The id of the key the store is signed with, or would be once created; None for a key not minted yet.

    Found without starting or creating anything (docs/FORMAT.md section 6): a store that
    publishes a key keeps it (its writer refuses any other), and a new store publishes the
    signing key its keys directory holds, or one its writer mints, which no bundle names."""
    from fireweed.ledger_writer.certificate import public_key_id
    from fireweed.ledger_writer.keyring import Keyring
    from fireweed.ledger_writer.publish import published_key

    check_store_path(settings.store)
    key = published_key(settings.store) if settings.store.is_dir() else None
    if key is None and os.path.lexists(settings.keys):
        key = Keyring(settings.keys).held_public_key()
    return public_key_id(key) if key is not None else None


def _abandon_import(settings: Settings, ns: argparse.Namespace) -> int:
    if ns.file is not None:
        return fail("--abandon takes no bundle file: it gives up the import of a bundle that is lost")
    by = operator_text("--by", ns.by, required=True)
    sha = ns.abandon.strip().lower()
    try:
        out = _operator(settings, "import_abandon", bundle_sha256=sha, by=by)
    except FireweedError as exc:
        return fail(f"{exc} [{exc.code}]", 1)
    print(f"abandoned: the import of bundle {sha} into tenant {settings.tenant!r} "
          f"(seq {out['seq']}); {out['memories_restored']} memories it had restored stay, and the tenant is open again")
    return 0


def cmd_import(ns: argparse.Namespace) -> int:
    import hashlib
    from pathlib import Path

    from fireweed.ledger_writer import export as ex
    from fireweed.ledger_writer.key_files import KeyringError

    settings = _settings(ns)
    if ns.abandon is not None:
        return _abandon_import(settings, ns)
    if ns.file is None:
        return fail("name the bundle to import (or --abandon SHA256 to give up an unfinished import)")
    try:
        data = Path(ns.file).read_bytes()
    except OSError as exc:
        return fail(f"cannot read {ns.file}: {exc.strerror}")
    try:
        plan = ex.prepare_import(ex.load_bundle(data), bundle_sha256=hashlib.sha256(data).hexdigest())
    except ex.BundleInvalid as exc:
        print(f"REFUSED: the bundle does not verify ({len(exc.problems)} problem(s)); nothing was imported")
        for problem in exc.problems[:20]:
            print(f"  {problem}")
        return 1
    except FireweedError as exc:
        return fail(f"{exc} [{exc.code}]", 1)
    dropped = False
    if plan.tombstones:
        # A tombstone is a keyed fingerprint of an erased name: it can be checked only under the
        # exporting install's secret, and only for the tenant it was made for. Decided before any
        # backend starts: starting one creates the store and binds it to keys, and a store bound
        # to new keys would make the remedy below (the exporting keys, the same store) fail.
        try:
            ours = _store_key_id(settings)
        except KeyringError as exc:
            return fail(f"the keys directory {settings.keys} cannot be used: {exc}; nothing was imported [keyring]", 1)
        if ours is not None and ours == plan.provenance.get("public_key_id") and plan.tenant == settings.tenant:
            plan.provenance["tombstones"] = list(plan.tombstones)  # same keys: the tombstones hold here
        elif not ns.drop_tombstones:
            return fail(
                f"the bundle records {len(plan.tombstones)} erasure(s) whose tombstones cannot be carried into this "
                f"store (they are keyed by the exporting install's secret{'' if plan.tenant == settings.tenant else ' and tenant'}): "
                "after import, a claim naming an erased subject would be admitted without review. Nothing was imported. "
                "Import with the exporting install's keys directory (FIREWEED_KEYS) and the same tenant to keep them, "
                "or pass --drop-tombstones to import anyway (recorded in the import's provenance)", 1)
        else:
            # Kept, though unusable here, so the record says exactly what was given up.
            plan.provenance["tombstones_not_carried"] = list(plan.tombstones)
            dropped = True
    # Wait for the replay: a backend just started would report no heads for a store that has them.
    status = _operator(settings, "status", create=True, wait_ready=120)
    if not status.get("writer_ready"):
        return fail(f"the backend is not ready ({status.get('writer_failure') or 'still starting'}); nothing was imported", 1)
    sha = str(plan.provenance["bundle_sha256"])
    # The import's first write (`import_started`) claims the tenant for this bundle: until its
    # `import_recorded`, nothing else writes into it, and a rerun with the same bundle resumes it
    # after a crash (audit 12). The decider decides emptiness under its order lock.
    try:
        started = _operator(settings, "import_start", create=True, bundle_sha256=sha, from_tenant=plan.tenant,
                            from_head=plan.provenance.get("from_head"))
    except FireweedError as exc:
        if exc.code == "not_empty":
            return fail(f"tenant {settings.tenant!r} in {settings.store} is not empty; import only into an empty store"
                        + (" (it holds a completed import of this bundle)" if "completed import" in str(exc) else ""), 1)
        if exc.code == "import_in_progress":
            return fail(f"{exc}; nothing of {ns.file} (SHA-256 {sha}) was imported [{exc.code}]", 1)
        raise
    if dropped:
        print(f"WARNING: {len(plan.tombstones)} erasure tombstone(s) were NOT carried: claims naming those "
              "erased subjects will be admitted in this store without review", file=sys.stderr)
    if started.get("resumed"):
        print(f"resuming the unfinished import of this bundle: {started.get('done', 0)} of {len(plan.memories)} "
              "memories were already restored")
    stop_after = _test_stop_after()

    async def go() -> tuple[int, int]:
        ok = refused = calls = 0
        async with connect_unix(settings.operator_socket) as client:
            async def call(op: str, args: dict[str, Any]) -> dict[str, Any]:
                nonlocal calls
                if stop_after is not None and calls >= stop_after:
                    os._exit(137)  # the test hook: die here as a kill -9 would, nothing flushed or closed
                calls += 1
                return await client.call(op, settings.tenant, args={**args, "import": sha})

            # The new store may name a source differently (it derives its own automatic ids).
            renamed: dict[str, str] = {}
            for src in plan.sources:
                r = await call("import_source", {"source_id": src.source_id, "parts": list(src.parts), **src.declared})
                renamed[src.source_id] = str(r.get("source_id") or src.source_id)
            for m in plan.memories:
                # import_ref names the step: a resumed import skips exactly the steps already committed.
                r = await call("import_memory", {
                    "claim": m.claim, "evidence": m.evidence, "event_time": m.event_time,
                    "source_id": renamed.get(m.source_id, m.source_id) if m.source_id else None,
                    "recorded_state": m.recorded_state, "count": m.count, "approved_by": m.approved_by,
                    "import_ref": m.memory_id})
                if r.get("verdict") in {"admitted", "quarantined", "already_imported"}:
                    ok += 1
                else:
                    refused += 1
                    print(f"  not restored: {json.dumps(m.claim, ensure_ascii=False)} ({r.get('code')})", file=sys.stderr)
            for name in plan.held:  # before import_done: an erasure must not find a held subject free
                await call("hold", {"subject": name, "by": f"import of bundle {sha[:16]} (held in the exported store)"})
            await call("import_done", {"provenance": plan.provenance})
        return ok, refused

    try:
        ok, refused = anyio.run(go)
    except (RemoteError, Unavailable) as exc:  # the writer or the backend went away mid-import
        return fail(f"the import stopped: {exc} [{exc.code}]. It is not complete and the tenant stays closed to "
                    "everything else until it is: run the same command again to resume it (nothing is restored twice)", 1)
    held = f"; {len(plan.held)} legal hold(s) set again" if plan.held else ""
    print(f"imported {ok} memories from {len(plan.sources)} sources ({refused} not restored){held}; provenance recorded")
    return 0 if not refused else 1


def _test_stop_after() -> int | None:
    """FIREWEED_TEST_IMPORT_STOP_AFTER=N: a test-only hook making `fireweed import` die (as on kill -9)
    after N calls of the import, so that tests interrupt it at an exact point rather than by timing."""
    raw = os.environ.get("FIREWEED_TEST_IMPORT_STOP_AFTER")
    return int(raw) if raw and raw.isdigit() else None


def cmd_demo(ns: argparse.Namespace) -> int:
    from fireweed.demo import run_demo

    return run_demo()


def cmd_bench(ns: argparse.Namespace) -> int:
    from fireweed.bench import run_bench

    # Only a store named explicitly (flag or FIREWEED_STORE) is benched in place; otherwise a
    # scratch store, so that a bench never writes into the user's own memories by default.
    named = ns.store or os.environ.get("FIREWEED_STORE")
    return run_bench(_settings(ns) if named else None, ns.clients, ns.writes, ns.prefill, ns.json)


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="fireweed",
        description="Fireweed: a memory server for agents that refuses what it cannot ground.",
    )
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", required=True)

    def add(name: str, help_text: str, func: Callable[[argparse.Namespace], int], *,
            store: bool = True) -> argparse.ArgumentParser:
        p = sub.add_parser(name, help=help_text, description=help_text)
        if store:
            _common(p)
        p.set_defaults(func=func)
        return p

    add("serve", "Run the MCP front on stdin/stdout (what an agent launches); starts the backend if needed.", cmd_serve)
    p = add("backend", "Start, stop or show the store's backend (the decider and the ledger writer). "
                       "start returns once the writer is ready (after the replay) and fails, naming the cause, "
                       "when it cannot start.", cmd_backend)
    p.add_argument("action", choices=["start", "stop", "status"])
    add("verify", "Walk every tenant's chain from genesis and recompute every hash; exit 1 at the first break.", cmd_verify)
    # No --store/--keys/--tenant: the demo always runs on a temporary store it removes afterwards.
    add("demo", "Run a short scripted session against a temporary store through the real front, printing each exchange.",
        cmd_demo, store=False)
    p = add("review", "Operator review of quarantined claims: list, approve ID or reject ID (each decision is recorded with --by).", cmd_review)
    p.add_argument("action", choices=["list", "approve", "reject"])
    p.add_argument("id", nargs="?", help="memory id (from `review list`)")
    p.add_argument("--by", help="who decides (recorded in the ledger)")
    p.add_argument("--note", help="why (recorded, sealed with the memory)")
    for verb, text in (("hold", "Put a subject under a legal hold: its memories are preserved, not returned, not changed, not erasable."),
                       ("release", "Release a subject's legal hold.")):
        p = add(verb, text, cmd_hold)
        p.add_argument("subject")
        p.add_argument("--by", help="who decides (recorded in the ledger)")
    p = add("certificate", "Check an erasure certificate's Ed25519 signature against the store's published key.", cmd_certificate)
    p.add_argument("action", choices=["verify"])
    p.add_argument("file")
    p.add_argument("--public-key", help="hex Ed25519 public key to check against (default: the store's public_key.json)")
    p = add("export", "Write the tenant's memory (or one subject's, for an access request) as a verifiable open-format bundle.", cmd_export)
    p.add_argument("--out", required=True, help="the bundle file to write (anywhere the operator may write)")
    p.add_argument("--subject", help="export everything stored about this subject only")
    p = add("import", "Restore a verified bundle into an empty store (recall answers the same questions; provenance recorded). "
                         "An interrupted import keeps the tenant closed; the same command, run again, resumes it "
                         "(or --abandon gives it up).", cmd_import)
    p.add_argument("file", nargs="?", help="the bundle (not with --abandon)")
    p.add_argument("--abandon", metavar="SHA256",
                   help="give up the unfinished import of the bundle with this SHA-256 (for a bundle that is lost): "
                        "the tenant opens again with what was restored; needs --by")
    p.add_argument("--by", help="who gives the import up (recorded in the ledger; with --abandon)")
    p.add_argument("--drop-tombstones", action="store_true",
                   help="import a bundle whose erasure tombstones cannot be carried into this store (keyed by "
                        "another install's secret or tenant); recorded in the provenance")
    p = add("bench", "Spawn N real fronts, drive them concurrently and print throughput, latency and RSS. "
            "It runs on a scratch store unless a store is named (--store or FIREWEED_STORE): "
            "a bench writes thousands of memories into the store it is given.", cmd_bench)
    p.add_argument("--clients", type=int, default=4, help="number of concurrent `fireweed serve` fronts")
    p.add_argument("--writes", type=int, default=500, help="remember calls per client")
    p.add_argument("--prefill", type=int, default=0, help="events to put in the ledger before measuring")
    p.add_argument("--json", action="store_true", help="print one JSON object instead of a table")
    return parser


class _Terminated(BaseException):
    """SIGTERM or SIGHUP arrived: unwind like Ctrl-C, so a bench or demo stops what it started."""


def _terminate(signum: int, _frame: Any) -> None:
    raise _Terminated(signum)


def main(argv: Sequence[str] | None = None) -> None:
    parser = build_parser()
    ns = parser.parse_args(argv)
    if ns.func is not cmd_serve:
        # Without this, `kill` or a closed terminal ends `bench` or `demo` at once, and the fronts
        # and backend it started on its scratch store run on (serve has its own handling).
        for sig in (signal.SIGTERM, signal.SIGHUP):
            signal.signal(sig, _terminate)
    try:
        code = ns.func(ns)
    except FireweedError as exc:
        code = fail(f"{exc} [{exc.code}]")
    except OSError as exc:  # a store, keys or runtime path the file system refuses: name it, no traceback
        where = f": {exc.filename}" if exc.filename else ""
        code = fail(f"{exc.strerror or exc}{where} [os_error]")
    except KeyboardInterrupt:
        code = 130
    except _Terminated as exc:
        code = 128 + int(exc.args[0])
    sys.exit(code)
