"""The real browser of the site tests: one chromium (Debian's, driven by selenium) and `l5r-rules serve`.

A test session starts one browser and one server of the real site (the `browser` and `site_server`
fixtures of conftest.py); `Browser.use("phone")` or `use("desktop")` hands a test the browser at that
size with nothing left of earlier tests (storage, service workers and caches of every origin served,
the network back on). Screenshots go to build/screenshots/ for people to look at.

The browser is found on PATH (or /usr/bin), or where L5R_CHROMIUM and L5R_CHROMEDRIVER say; without
it the browser tests skip, and under CI=true they fail (scripts/install_browser.sh installs it).
"""

from __future__ import annotations

import json
import os
import shutil
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path
from typing import NamedTuple
from urllib.parse import urlsplit

import pytest
from helpers import ROOT

CHROMIUM = os.environ.get("L5R_CHROMIUM") or shutil.which("chromium") or "/usr/bin/chromium"
DRIVER = os.environ.get("L5R_CHROMEDRIVER") or shutil.which("chromedriver") or "/usr/bin/chromedriver"
SHOTS = ROOT / "build" / "screenshots"
CLI = Path(sys.executable).parent / "l5r-rules"


class Device(NamedTuple):
    width: int
    height: int
    scale: int
    mobile: bool


DEVICES = {"phone": Device(390, 844, 2, True), "desktop": Device(1280, 800, 1, False)}
# A host name on the hall's network that chromium resolves to 127.0.0.1: plain http, not a secure
# origin (test_browser_publish.py); 127.0.0.1 itself counts as secure, like https.
HALL_HOST = "rules-hall.test"


def missing_browser() -> str | None:
    """Why the browser tests cannot run here, or None."""
    absent = [f"{name} {path}" for name, path in (("chromium", CHROMIUM), ("chromedriver", DRIVER)) if not _runs(path)]
    return f"no browser: {' and '.join(absent)} not found or not executable" if absent else None


def _runs(path: str) -> bool:
    return os.path.isfile(path) and os.access(path, os.X_OK)


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


# Origins of every server started in this session: each test's browser starts with none of their data.
SERVED_ORIGINS: set[str] = set()


class Server:
    """`l5r-rules serve` of one site on one port, so that it can be stopped and started again (same origin);
    with `prefix` ("/l5r-rules/") under that sub-path, as a static host publishes it (`--path-prefix`)."""

    def __init__(self, site: Path, prefix: str = ""):
        self.site, self.port, self.proc, self.prefix = site, free_port(), None, prefix
        self.origin = f"http://127.0.0.1:{self.port}"
        self.base = self.origin + (prefix or "/")

    def start(self) -> Server:
        SERVED_ORIGINS.update({self.origin, self.origin.replace("127.0.0.1", HALL_HOST)})
        self.proc = subprocess.Popen(
            [str(CLI), "serve", "--port", str(self.port), "--site", str(self.site)]
            + (["--path-prefix", self.prefix] if self.prefix else []),
            cwd=ROOT,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
        )
        for _ in range(100):
            try:
                urllib.request.urlopen(self.base, timeout=1)
                return self
            except OSError:
                time.sleep(0.1)
        output = self.proc.stdout.read().decode(errors="replace") if self.proc.poll() is not None else ""
        self.stop()
        pytest.fail("l5r-rules serve did not start: " + output)

    def stop(self) -> None:
        """Stop the server and wait until its port answers no more."""
        if self.proc and self.proc.poll() is None:
            self.proc.terminate()
            self.proc.wait(timeout=10)
        self.proc = None
        with pytest.raises(OSError):  # really gone
            urllib.request.urlopen(self.base, timeout=1)


def new_driver(width: int, height: int, profile: Path):
    """A headless chromium with its own profile folder, logging every network request."""
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for arg in (
        "--headless=new",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
        "--disable-dev-shm-usage",
        "--disable-default-apps",
        "--disable-extensions",
        "--metrics-recording-only",
        f"--user-data-dir={profile}",
        f"--window-size={width},{height}",
        f"--host-resolver-rules=MAP {HALL_HOST} 127.0.0.1",
    ):
        options.add_argument(arg)
    options.set_capability("goog:loggingPrefs", {"performance": "ALL"})
    return webdriver.Chrome(service=Service(executable_path=DRIVER), options=options)


class Browser:
    """The session's one chromium."""

    def __init__(self, profile: Path):
        self.driver = new_driver(1280, 800, profile)

    def use(self, device: str):
        """The driver, sized as `device` ("phone": 390x844, "desktop": 1280x800), in a new blank tab, online,
        with no storage, service worker or cache left by an earlier test at any origin served, and an empty
        request log (see `requested_hosts`)."""
        driver = self.driver
        size = DEVICES[device]
        # a new tab: its sessionStorage (the edition chosen in this visit) starts empty
        previous = driver.current_window_handle
        driver.switch_to.new_window("tab")
        fresh = driver.current_window_handle
        driver.switch_to.window(previous)
        driver.close()
        driver.switch_to.window(fresh)
        driver.execute_cdp_cmd("Network.enable", {})
        driver.execute_cdp_cmd(
            "Network.emulateNetworkConditions",
            {"offline": False, "latency": 0, "downloadThroughput": -1, "uploadThroughput": -1},
        )
        for origin in sorted(SERVED_ORIGINS):
            driver.execute_cdp_cmd("Storage.clearDataForOrigin", {"origin": origin, "storageTypes": "all"})
        driver.execute_cdp_cmd("Network.clearBrowserCache", {})
        driver.execute_cdp_cmd(
            "Emulation.setDeviceMetricsOverride",
            {"width": size.width, "height": size.height, "deviceScaleFactor": size.scale, "mobile": size.mobile},
        )
        driver.get_log("performance")  # drop the requests of earlier tests
        return driver

    def quit(self) -> None:
        self.driver.quit()


def requested_hosts(driver) -> set[str]:
    """The hosts of every http(s) and ws(s) request since the last call (or since `Browser.use`)."""
    hosts = set()
    for row in driver.get_log("performance"):
        message = json.loads(row["message"])["message"]
        if message.get("method") == "Network.requestWillBeSent":
            url = message["params"]["request"]["url"]
            parts = urlsplit(url)
            if parts.scheme in ("http", "https", "ws", "wss"):
                hosts.add(parts.hostname or "")
    return hosts


def wait(driver, condition, timeout=15):
    """Wait for `condition`; an element re-rendered meanwhile (results update while typing) is looked up again."""
    from selenium.common.exceptions import StaleElementReferenceException
    from selenium.webdriver.support.ui import WebDriverWait

    return WebDriverWait(driver, timeout, ignored_exceptions=(StaleElementReferenceException,)).until(condition)


def shot(driver, name: str) -> None:
    """A screenshot into build/screenshots/NAME.png, for people to look at."""
    SHOTS.mkdir(parents=True, exist_ok=True)
    driver.save_screenshot(str(SHOTS / f"{name}.png"))
