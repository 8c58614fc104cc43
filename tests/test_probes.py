"""Hostile probes (tests/probes/*/*.yaml, described in tests/probes/README.md), each run as a real process.

For every probe: the exit code it expects, its stable error codes and `path:line`, no traceback,
and nothing changed on disk outside what the command owns.
"""

from __future__ import annotations

import hashlib
import http.client
import os
import re
import resource
import shutil
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest
import yaml
from helpers import FIXTURES, ROOT

PROBES = Path(__file__).resolve().parent / "probes"
PROBE_FILES = sorted(PROBES.glob("*/*.yaml"))
NO_ROOT_OPTION = {"resolve"}
CLI = [sys.executable, "-c", "from l5r_rules.cli import main; main()"]
TIMEOUT = 120


def _load(path: Path) -> dict:
    with open(path, encoding="utf-8") as fh:
        return yaml.safe_load(fh)


def _snapshot(root: Path, owns: list[str]) -> dict[str, str]:
    """Every path under root (not under an owned top-level name) -> what it is and holds."""
    owned = {root / name for name in owns}
    out: dict[str, str] = {}
    for dirpath, dirnames, filenames in os.walk(root, followlinks=False):
        here = Path(dirpath)
        dirnames[:] = [d for d in dirnames if here / d not in owned]
        for name in dirnames + filenames:
            path = here / name
            if path in owned:
                continue
            rel = path.relative_to(root).as_posix()
            if path.is_symlink():
                out[rel] = "link:" + os.readlink(path)
            elif path.is_dir():
                out[rel] = "dir"
            elif path.is_file():
                out[rel] = hashlib.sha256(path.read_bytes()).hexdigest()
            else:
                out[rel] = "special"
    return out


def _cli(
    args: list[str], root: Path, stdin: str | None = None, env_extra: dict | None = None, fsize: int | None = None
):
    env = {
        **os.environ,
        "PYTHONDONTWRITEBYTECODE": "1",
        "COLUMNS": "100",
        **{k: _subst(str(v), root) for k, v in (env_extra or {}).items()},
    }
    env.pop("L5R_ROOT", None)
    return subprocess.run(
        CLI + args,
        cwd=root,
        input=stdin if stdin is not None else "",
        capture_output=True,
        text=True,
        timeout=TIMEOUT,
        env=env,
        preexec_fn=(lambda: _limit_file_size(fsize)) if fsize is not None else None,
    )


def _limit_file_size(size: int) -> None:
    """`fsize_limit`: a write past `size` bytes fails (EFBIG: Python ignores SIGXFSZ), as on a full disk."""
    resource.setrlimit(resource.RLIMIT_FSIZE, (size, size))


def _arg(value: str, root: Path) -> str:
    """A run argument: `{root}`/`{parent}` substituted; `{bytes:ff fe}` becomes those raw bytes (not UTF-8)."""
    value = _subst(value, root)
    return re.sub(r"\{bytes:([0-9a-fA-F ]+)\}", lambda m: os.fsdecode(bytes.fromhex(m.group(1))), value)


def _listed(value) -> list[str]:
    return [] if value is None else [value] if isinstance(value, str) else list(value)


def _subst(value: str, root: Path) -> str:
    return value.replace("{root}", str(root)).replace("{parent}", str(root.parent))


def _setup(root: Path, actions: list[dict]) -> None:
    for act in actions or []:
        if "run" in act:
            _run(root, act)
            continue
        ((kind, target),) = [(k, v) for k, v in act.items() if k in SETUP]
        target = _subst(str(target), root)
        paths = sorted(root.glob(target)) if "*" in target else [root / target]
        assert paths, f"probe setup: nothing matches {target}"
        for path in paths:
            SETUP[kind](root, path, act)


def _write(root, path, act):
    path.parent.mkdir(parents=True, exist_ok=True)
    if "hex" in act:
        path.write_bytes(bytes.fromhex(act["hex"].replace(" ", "")))
    else:
        path.write_bytes(_subst(act.get("text", ""), root).encode("utf-8") * act.get("repeat", 1))


def _append(root, path, act):
    with open(path, "ab") as fh:
        fh.write(act["text"].encode("utf-8") * act.get("repeat", 1))


def _truncate(root, path, act):
    with open(path, "r+b") as fh:
        fh.truncate(act["size"])


def _replace(root, path, act):
    text = path.read_text(encoding="utf-8")
    assert act["old"] in text, f"probe setup: {act['old']!r} not in {path}"
    before = path.stat()
    path.write_text(text.replace(act["old"], act["new"], act.get("count", -1)), encoding="utf-8")
    if act.get("keep_time"):  # as `cp -p`, `rsync -t` or a restore leave it
        os.utime(path, ns=(before.st_atime_ns, before.st_mtime_ns))


def _remove(root, path, act):
    if path.is_dir() and not path.is_symlink():
        shutil.rmtree(path)
    else:
        path.unlink()


def _symlink(root, path, act):
    path.parent.mkdir(parents=True, exist_ok=True)
    path.symlink_to(_subst(act["to"], root))


def _fifo(root, path, act):
    path.parent.mkdir(parents=True, exist_ok=True)
    os.mkfifo(path)


def _copy(root, path, act):
    dest = root / _subst(act["to"], root)
    dest.parent.mkdir(parents=True, exist_ok=True)
    (shutil.copytree if path.is_dir() else shutil.copy2)(path, dest)


def _run(root, act):
    args = [_subst(a, root) for a in act["run"]]
    r = _cli(args, root)
    assert r.returncode == 0, f"probe setup `{' '.join(args)}` failed: {r.stdout}{r.stderr}"


SETUP = {
    "write": _write,
    "append": _append,
    "replace": _replace,
    "mkdir": lambda root, p, a: p.mkdir(parents=True),
    "remove": _remove,
    "symlink": _symlink,
    "fifo": _fifo,
    "copy": _copy,
    "truncate": _truncate,
}


def _root_for(probe: dict, tmp_path: Path) -> Path:
    root = tmp_path / "checkout"
    fixture = probe.get("fixture", "valid")
    if fixture == "repo":
        for name in ("glossary", "sources"):
            shutil.copytree(ROOT / name, root / name)
    elif fixture == "none":
        root.mkdir()
    else:
        shutil.copytree(FIXTURES / fixture, root)
    return root


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _serve(root: Path, probe: dict) -> str:
    """Start `l5r-rules serve` on a free loopback port, make each request, return what went wrong."""
    port = _free_port()
    args = CLI + ["serve", "--port", str(port), *[_subst(a, root) for a in probe.get("serve_args", [])]]
    proc = subprocess.Popen(args, cwd=root, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    problems = []
    try:
        deadline = time.monotonic() + 20
        while time.monotonic() < deadline:
            try:
                socket.create_connection(("127.0.0.1", port), timeout=0.2).close()
                break
            except OSError:
                if proc.poll() is not None:
                    break
                time.sleep(0.05)
        for req in probe["serve"]:
            name = req.get("path") or repr(req["raw"][:60])
            try:
                status, headers, body = _request(port, req, root)
            except (OSError, http.client.HTTPException) as exc:
                problems.append(f"{name}: no answer ({type(exc).__name__}: {exc})")
                continue
            if status != req["status"]:
                problems.append(f"{name}: status {status}, expected {req['status']}")
            for key, value in (req.get("headers") or {}).items():
                if headers.get(key) != value:
                    problems.append(f"{name}: header {key}: {headers.get(key)!r}, expected {value!r}")
            for bad in req.get("not_body", []):
                if bad in body:
                    problems.append(f"{name}: body contains {bad!r}")
            for good in req.get("body", []):
                if good not in body:
                    problems.append(f"{name}: body lacks {good!r}")
    finally:
        proc.terminate()
        try:
            out, err = proc.communicate(timeout=10)
        except subprocess.TimeoutExpired:
            proc.kill()
            out, err = proc.communicate()
    if "Traceback" in out + err:
        problems.append("server printed a traceback:\n" + err[-2000:])
    return "\n".join(problems)


def _request(port: int, req: dict, root: Path):
    """(status, headers, body) for one `serve:` request: `path` (urllib) or `raw` (bytes as written)."""
    if "raw" in req:  # latin-1, so that "\xff" in YAML is the byte 0xff
        data = _subst(req["raw"], root).encode("latin-1")
        with socket.create_connection(("127.0.0.1", port), timeout=10) as sock:
            sock.sendall(data)
            resp = http.client.HTTPResponse(sock, method=data.split(b" ", 1)[0].decode("latin-1"))
            resp.begin()
            return resp.status, resp.headers, resp.read().decode("utf-8", "replace")
    url = f"http://127.0.0.1:{port}{req['path']}"
    try:
        with urllib.request.urlopen(urllib.request.Request(url, method=req.get("method", "GET")), timeout=10) as resp:
            return resp.status, resp.headers, resp.read().decode("utf-8", "replace")
    except urllib.error.HTTPError as exc:
        return exc.code, exc.headers, exc.read().decode("utf-8", "replace")


@pytest.mark.parametrize("probe_file", PROBE_FILES, ids=[f"{p.parent.name}/{p.stem}" for p in PROBE_FILES])
def test_probe(probe_file: Path, tmp_path: Path):
    probe = _load(probe_file)
    assert probe.get("probe"), f"{probe_file}: says what it probes"
    root = _root_for(probe, tmp_path)
    _setup(root, probe.get("setup"))
    owns = probe.get("owns", ["build", "site"])
    before = _snapshot(root, owns)
    if "serve" in probe:
        problems = _serve(root, probe)
        assert not problems, problems
    else:
        args = [_arg(str(a), root) for a in probe["run"]]
        if args[0] not in NO_ROOT_OPTION and probe.get("root_option", True):
            args += ["--root", str(root)]
        with socket.socket() as busy:  # "{busy_port}": a loopback port something listens on
            busy.bind(("127.0.0.1", 0))
            busy.listen(1)
            args = [a.replace("{busy_port}", str(busy.getsockname()[1])) for a in args]
            r = _cli(args, root, probe.get("stdin"), probe.get("env"), probe.get("fsize_limit"))
        output = r.stdout + r.stderr
        expect = probe["expect"]
        assert "Traceback" not in output, output
        assert r.returncode == expect["exit"], f"exit {r.returncode}, expected {expect['exit']}:\n{output}"
        for code in expect.get("codes", []):
            assert code in output, f"{code} not reported:\n{output}"
        if "where" in expect:
            assert _subst(expect["where"], root) in output, f"{expect['where']} not in:\n{output}"
        for text in _listed(expect.get("output")):
            assert _subst(text, root) in output, output
        for text in _listed(expect.get("not_output")):
            assert _subst(text, root) not in output, f"{text!r} in:\n{output!r}"
        for rel, texts in (expect.get("files") or {}).items():
            for text in _listed(texts):
                assert text in (root / rel).read_text(encoding="utf-8"), f"{rel} lacks {text!r} after the run"
        for rel, texts in (expect.get("not_files") or {}).items():
            for text in _listed(texts):
                assert text not in (root / rel).read_text(encoding="utf-8"), f"{rel} holds {text!r} after the run"
        for rel in _listed(expect.get("absent")):  # `{parent}/x`: a path outside the copy
            assert not os.path.lexists(root / _subst(rel, root)), f"{rel} is there after the run"
    after = _snapshot(root, owns)
    changed = sorted(k for k in before.keys() | after.keys() if before.get(k) != after.get(k))
    assert not changed, f"changed outside {owns}: {changed[:20]}"


def test_every_command_is_probed_and_there_are_enough_probes():
    from l5r_rules.cli import COMMANDS

    folders = {p.parent.name for p in PROBE_FILES}
    readers = {p.stem.split("-empty")[0] for p in PROBES.glob("readers/*.yaml")}  # e.g. check-sources-empty-entry
    assert set(COMMANDS) <= folders | readers, sorted(set(COMMANDS) - folders - readers)
    assert len(PROBE_FILES) >= 80
