"""Hostile probes (tests/probes/*/*.yaml, described in tests/probes/README.md), each run as a real process.

For every probe: the exit code it expects, its stable error codes and `path:line`, no traceback,
and nothing changed on disk outside what the command owns.
"""

from __future__ import annotations

import hashlib
import os
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

from conftest import FIXTURES, ROOT

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


def _cli(args: list[str], root: Path, stdin: str | None = None, env_extra: dict | None = None):
    env = {**os.environ, "PYTHONDONTWRITEBYTECODE": "1", "COLUMNS": "100",
           **{k: _subst(str(v), root) for k, v in (env_extra or {}).items()}}
    env.pop("L5R_ROOT", None)
    return subprocess.run(CLI + args, cwd=root, input=stdin if stdin is not None else "", capture_output=True,
                          text=True, timeout=TIMEOUT, env=env)


def _subst(value: str, root: Path) -> str:
    return value.replace("{root}", str(root)).replace("{parent}", str(root.parent))


def _setup(root: Path, actions: list[dict]) -> None:
    for act in actions or []:
        if "run" in act:
            _run(root, act)
            continue
        (kind, target), = [(k, v) for k, v in act.items() if k in SETUP]
        SETUP[kind](root, root / _subst(str(target), root), act)


def _write(root, path, act):
    path.parent.mkdir(parents=True, exist_ok=True)
    if "hex" in act:
        path.write_bytes(bytes.fromhex(act["hex"].replace(" ", "")))
    else:
        path.write_bytes(_subst(act.get("text", ""), root).encode("utf-8"))


def _append(root, path, act):
    with open(path, "ab") as fh:
        fh.write(act["text"].encode("utf-8"))


def _replace(root, path, act):
    text = path.read_text(encoding="utf-8")
    assert act["old"] in text, f"probe setup: {act['old']!r} not in {path}"
    path.write_text(text.replace(act["old"], act["new"], act.get("count", -1)), encoding="utf-8")


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
    "write": _write, "append": _append, "replace": _replace, "mkdir": lambda root, p, a: p.mkdir(parents=True),
    "remove": _remove, "symlink": _symlink, "fifo": _fifo, "copy": _copy,
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
            url = f"http://127.0.0.1:{port}{req['path']}"
            try:
                with urllib.request.urlopen(urllib.request.Request(url, method=req.get("method", "GET")),
                                            timeout=10) as resp:
                    status, body = resp.status, resp.read().decode("utf-8", "replace")
            except urllib.error.HTTPError as exc:
                status, body = exc.code, exc.read().decode("utf-8", "replace")
            if status != req["status"]:
                problems.append(f"{req['path']}: status {status}, expected {req['status']}")
            for bad in req.get("not_body", []):
                if bad in body:
                    problems.append(f"{req['path']}: body contains {bad!r}")
            for good in req.get("body", []):
                if good not in body:
                    problems.append(f"{req['path']}: body lacks {good!r}")
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
        args = [_subst(str(a), root) for a in probe["run"]]
        if args[0] not in NO_ROOT_OPTION and probe.get("root_option", True):
            args += ["--root", str(root)]
        r = _cli(args, root, probe.get("stdin"), probe.get("env"))
        output = r.stdout + r.stderr
        expect = probe["expect"]
        assert "Traceback" not in output, output
        assert r.returncode == expect["exit"], f"exit {r.returncode}, expected {expect['exit']}:\n{output}"
        for code in expect.get("codes", []):
            assert code in output, f"{code} not reported:\n{output}"
        if "where" in expect:
            assert _subst(expect["where"], root) in output, f"{expect['where']} not in:\n{output}"
        if "output" in expect:
            assert _subst(expect["output"], root) in output, output
        if "not_output" in expect:
            assert _subst(expect["not_output"], root) not in output, output
        for rel, text in (expect.get("files") or {}).items():
            assert text in (root / rel).read_text(encoding="utf-8"), f"{rel} lacks {text!r} after the run"
    after = _snapshot(root, owns)
    changed = sorted(k for k in before.keys() | after.keys() if before.get(k) != after.get(k))
    assert not changed, f"changed outside {owns}: {changed[:20]}"

