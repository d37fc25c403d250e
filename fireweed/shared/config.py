"""Where a Fireweed install keeps its data, its keys and its sockets.

The same three settings (store, keys, tenant) are read by every subcommand and
every process, from a flag or from the environment, so an agent's `fireweed
serve` and an operator's `fireweed verify` always agree on which store they mean.
"""

from __future__ import annotations

import hashlib
import json
import math
import os
import stat
from dataclasses import dataclass
from pathlib import Path

from fireweed.shared.errors import ConfigError
from fireweed.shared.names import BadName, validate_tenant

ENV_STORE = "FIREWEED_STORE"
ENV_KEYS = "FIREWEED_KEYS"
ENV_TENANT = "FIREWEED_TENANT"
ENV_IDLE = "FIREWEED_IDLE_EXIT"
ENV_RUNTIME = "FIREWEED_RUNTIME_DIR"
DEFAULT_IDLE_EXIT = 600.0
# sun_path is 108 bytes on Linux including the NUL; the longest socket name we
# create is "operator.sock".
_SOCKET_PATH_MAX = 107
# In the store: where the store's backend keeps its sockets (a path, no secret). Written by
# the decider that holds the store's decider lock; read first by every client, so that a
# caller whose XDG_RUNTIME_DIR differs from the backend's still finds the one backend.
RUNTIME_RECORD = "runtime.json"
DECIDER_LOCK = "decider.lock"
WRITER_LOCK = "writer.lock"
# Touched by `backend stop`: a decider that was already waiting for the store lock when the stop
# was asked must not take the store over once the stopped one lets go.
STOP_MARK = "stop.requested"


def _xdg(var: str, fallback: str) -> Path:
    value = os.environ.get(var)
    if value and os.path.isabs(value):
        return Path(value)
    return Path.home() / fallback


def default_store() -> Path:
    return _xdg("XDG_DATA_HOME", ".local/share") / "fireweed" / "store"


def default_keys() -> Path:
    return _xdg("XDG_CONFIG_HOME", ".config") / "fireweed" / "keys"


@dataclass(frozen=True)
class Settings:
    store: Path
    keys: Path
    tenant: str
    idle_exit: float

    @property
    def ledger_path(self) -> Path:
        return self.store / "ledger.db"

    @property
    def runtime_dir(self) -> Path:
        return runtime_dir_for(self.store)

    @property
    def stop_mark(self) -> Path:
        """When the last `backend stop` was asked (its mtime)."""
        return self.store / STOP_MARK

    @property
    def writer_lock(self) -> Path:
        """The writer's lock, in the store: one writer per store."""
        return self.store / WRITER_LOCK

    @property
    def decider_lock(self) -> Path:
        """The decider's lock, in the store: one decider per store whatever the caller's environment."""
        return self.store / DECIDER_LOCK

    @property
    def decider_socket(self) -> Path:
        return self.runtime_dir / "decider.sock"

    @property
    def operator_socket(self) -> Path:
        return self.runtime_dir / "operator.sock"

    @property
    def writer_socket(self) -> Path:
        return self.runtime_dir / "writer.sock"

    @property
    def log_path(self) -> Path:
        return self.store / "logs" / "backend.log"

    def child_env(self) -> dict[str, str]:
        """The environment for a backend process: these settings, resolved, win over the caller's."""
        env = dict(os.environ)
        env[ENV_STORE] = str(self.store)
        env[ENV_KEYS] = str(self.keys)
        env[ENV_TENANT] = self.tenant
        env[ENV_IDLE] = str(self.idle_exit)
        return env


def _inside(child: Path, parent: Path) -> bool:
    try:
        child.relative_to(parent)
        return True
    except ValueError:
        return False


def resolve_settings(
    store: str | None = None,
    keys: str | None = None,
    tenant: str | None = None,
    idle_exit: float | None = None,
) -> Settings:
    """Combine flags (first), the environment (second) and defaults (last).

    Raises ConfigError for a keys directory inside the store (a copy or backup
    of the store must never carry the keys) and for a malformed tenant name.
    """
    store_path = Path(store or os.environ.get(ENV_STORE) or default_store()).expanduser()
    keys_path = Path(keys or os.environ.get(ENV_KEYS) or default_keys()).expanduser()
    if keys_path.is_symlink():
        # The writer opens the keys directory without following links, so that a link swapped
        # in later cannot redirect the keys; resolving one here would defeat that check.
        raise ConfigError(
            f"the keys directory {keys_path} is a symbolic link (to {os.path.realpath(keys_path)}); "
            f"give the directory itself (--keys or {ENV_KEYS})")
    store_path = Path(os.path.realpath(store_path))
    keys_path = Path(os.path.realpath(keys_path))
    if _inside(keys_path, store_path):
        raise ConfigError(
            f"the keys directory {keys_path} is inside the store {store_path}; "
            "keys must live outside the store so that copying the store never copies them "
            f"(set --keys or {ENV_KEYS} to a directory elsewhere)"
        )
    if _inside(store_path, keys_path):
        raise ConfigError(f"the store {store_path} is inside the keys directory {keys_path}")
    tenant_name = tenant or os.environ.get(ENV_TENANT) or "default"
    try:
        tenant_name = validate_tenant(tenant_name)
    except BadName as exc:
        raise ConfigError(str(exc)) from None
    if idle_exit is None:
        raw = os.environ.get(ENV_IDLE)
        try:
            idle_exit = float(raw) if raw else DEFAULT_IDLE_EXIT
        except ValueError:
            idle_exit = math.nan
        # nan never compares, so the backend would never exit; a negative one would at once
        if not math.isfinite(idle_exit) or idle_exit < 0:
            raise ConfigError(f"{ENV_IDLE} must be a number of seconds, 0 or more, got {raw!r}") from None
    return Settings(store=store_path, keys=keys_path, tenant=tenant_name, idle_exit=idle_exit)


def _digest(store: Path) -> str:
    return hashlib.sha256(os.fsencode(os.path.realpath(store))).hexdigest()[:16]


def computed_runtime_dir(store: Path) -> Path:
    """A private directory for this store's sockets, short enough for sun_path, from this
    process's environment.

    Named by a hash of the store's real path so that two stores never share sockets."""
    digest = _digest(store)
    override = os.environ.get(ENV_RUNTIME)
    if override:
        base = Path(override)
    else:
        xdg = os.environ.get("XDG_RUNTIME_DIR")
        base = Path(xdg) if xdg and os.path.isdir(xdg) else Path("/tmp") / f"fireweed-{os.getuid()}"
    path = base / digest
    if len(os.fsencode(str(path / "operator.sock"))) > _SOCKET_PATH_MAX:
        path = Path("/tmp") / f"fireweed-{os.getuid()}" / digest
    return path


def recorded_runtime_dir(store: Path) -> Path | None:
    """The runtime directory the store's backend recorded, if it is still a usable one.

    Only a directory that exists, is ours, is private (0700) and is named for this store is
    taken: the record lives in the store, which may have been copied or tampered with, and
    a client must never be pointed at sockets another user could plant."""
    try:
        doc = json.loads((Path(store) / RUNTIME_RECORD).read_text(encoding="utf-8"))
        path = Path(doc["runtime_dir"])
    except (OSError, ValueError, KeyError, TypeError):
        return None
    if not path.is_absolute() or path.name != _digest(store):
        return None
    if len(os.fsencode(str(path / "operator.sock"))) > _SOCKET_PATH_MAX:
        return None
    try:
        st = os.lstat(path)
    except OSError:
        return None
    if not stat.S_ISDIR(st.st_mode) or st.st_uid != os.getuid() or stat.S_IMODE(st.st_mode) & 0o077:
        return None
    return path


def runtime_dir_for(store: Path) -> Path:
    """Where this store's sockets are: the backend's record if usable, else computed here.

    A running backend always has a usable record (its decider writes it before listening),
    so every client finds the same backend whatever its own XDG_RUNTIME_DIR; with no
    backend, the computed directory is where the backend this caller starts will listen."""
    return recorded_runtime_dir(store) or computed_runtime_dir(store)


def record_runtime_dir(store: Path, path: Path) -> None:
    """Write the store's runtime record (atomically), unless it already names `path`.

    Called only by the decider holding the store's decider lock."""
    record = Path(store) / RUNTIME_RECORD
    doc = {"runtime_dir": os.fsdecode(path)}
    try:
        if json.loads(record.read_text(encoding="utf-8")) == doc:
            return
    except (OSError, ValueError):
        pass
    tmp = record.with_name(f".{RUNTIME_RECORD}.{os.getpid()}.tmp")
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC | os.O_NOFOLLOW | os.O_CLOEXEC, 0o600)
    try:
        os.write(fd, (json.dumps(doc, sort_keys=True) + "\n").encode("utf-8", "surrogateescape"))
        os.fsync(fd)
    finally:
        os.close(fd)
    os.replace(tmp, record)


def ensure_private_dir(path: Path) -> Path:
    """Create `path` (and a private parent) mode 0700 and refuse one that others can reach."""
    for p in (path.parent, path):
        try:
            os.mkdir(p, 0o700)
        except FileExistsError:
            pass
        st = os.lstat(p)
        if not stat.S_ISDIR(st.st_mode):
            raise ConfigError(f"{p} exists and is not a directory")
        if st.st_uid != os.getuid():
            raise ConfigError(f"{p} is owned by uid {st.st_uid}, not by us; refusing to use it")
        if p == path and stat.S_IMODE(st.st_mode) & 0o077:
            raise ConfigError(f"{p} is accessible to other users (mode {oct(stat.S_IMODE(st.st_mode))}); expected 0700")
    return path


def check_store_path(store: Path) -> None:
    """Refuse a store path that names something other than a directory.

    mkdir on a regular file fails with EEXIST, which reads as "File exists": true, but it
    hides that the path is simply not a store."""
    try:
        st = os.stat(store)
    except FileNotFoundError:
        return
    except NotADirectoryError:  # a parent is a file: the store cannot be made there either
        raise ConfigError(f"the store {store} cannot be a directory: a parent of it is not a directory") from None
    if not stat.S_ISDIR(st.st_mode):
        raise ConfigError(f"the store {store} exists and is not a directory (set --store or {ENV_STORE} to a directory)")


def ensure_store(settings: Settings) -> None:
    check_store_path(settings.store)
    settings.store.mkdir(parents=True, exist_ok=True, mode=0o700)
    (settings.store / "logs").mkdir(exist_ok=True, mode=0o700)
