"""The published site as a judge's phone meets it (issue 25), in chromium at 390x844.

The fixture is built for a sub-path address (https://judges.example.org/l5r-rules/) and served by
`l5r-rules serve --path-prefix /l5r-rules/`, so every page, the search, the service worker's scope
and the offline copy are exercised under a sub-path, as a static host publishes them.

- A secure origin (127.0.0.1, which browsers treat as secure, like https): the first screen of the
  home page says the copy is being saved, then "Saved on this phone"; with the network cut and the
  server stopped, the home page, the search and a page never opened still work.
- A plain-http origin on the hall's network (a test host name mapped to 127.0.0.1 in chromium, which
  is not a secure context): the first screen says "Not saved on this phone", names the published
  address to open instead, and no service worker is registered.

Screenshots: build/screenshots/publish-*.png.
"""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

import pytest

from l5r_rules.site.builder import build_site

ROOT = Path(__file__).resolve().parent.parent
FIXTURE_ROOT = ROOT / "tests" / "fixtures" / "site"
SHOTS = ROOT / "build" / "screenshots"
CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
DRIVER = shutil.which("chromedriver") or "/usr/bin/chromedriver"
PUBLISHED = "https://judges.example.org/l5r-rules/"
HALL_HOST = "rules-hall.test"  # a name on the hall's network: plain http, not a secure origin
PHONE = (390, 844)

pytestmark = pytest.mark.skipif(
    not (os.path.exists(CHROMIUM) and os.path.exists(DRIVER)), reason="chromium/chromedriver not installed"
)


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


class Server:
    """`l5r-rules serve --path-prefix /l5r-rules/` on one port, stoppable (the network gone)."""

    def __init__(self, site: Path):
        self.site, self.port, self.proc = site, _free_port(), None
        self.base = f"http://127.0.0.1:{self.port}/l5r-rules/"

    def start(self) -> None:
        cli = Path(sys.executable).parent / "l5r-rules"
        args = [str(cli), "serve", "--port", str(self.port), "--site", str(self.site), "--path-prefix", "/l5r-rules/"]
        self.proc = subprocess.Popen(args, cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
        for _ in range(100):
            try:
                urllib.request.urlopen(self.base, timeout=1)
                return
            except OSError:
                time.sleep(0.1)
        self.stop()
        pytest.fail("l5r-rules serve did not start")

    def stop(self) -> None:
        if self.proc and self.proc.poll() is None:
            self.proc.terminate()
            self.proc.wait(timeout=10)
        self.proc = None


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    root = shutil.copytree(FIXTURE_ROOT, tmp_path_factory.mktemp("publish-browser") / "root")
    build_site(root, root / "site", site_url=PUBLISHED)
    srv = Server(root / "site")
    srv.start()
    yield srv
    srv.stop()


def _phone(profile: Path):
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
        "--disable-extensions",
        f"--user-data-dir={profile}",
        f"--window-size={PHONE[0]},{PHONE[1]}",
        f"--host-resolver-rules=MAP {HALL_HOST} 127.0.0.1",
    ):
        options.add_argument(arg)
    driver = webdriver.Chrome(service=Service(executable_path=DRIVER), options=options)
    driver.execute_cdp_cmd(
        "Emulation.setDeviceMetricsOverride",
        {"width": PHONE[0], "height": PHONE[1], "deviceScaleFactor": 2, "mobile": True},
    )
    driver.execute_cdp_cmd("Network.enable", {})
    return driver


@pytest.fixture
def phone():
    profile = Path(tempfile.mkdtemp(prefix="chromium-publish-"))
    driver = _phone(profile)
    yield driver
    driver.quit()
    shutil.rmtree(profile, ignore_errors=True)


def _wait(driver, condition, timeout=30):
    from selenium.common.exceptions import StaleElementReferenceException
    from selenium.webdriver.support.ui import WebDriverWait

    return WebDriverWait(driver, timeout, ignored_exceptions=(StaleElementReferenceException,)).until(condition)


def _shot(driver, name: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    driver.save_screenshot(str(SHOTS / f"{name}.png"))


def status(driver) -> dict:
    """The offline line near the top of the page: its state, words and whether it is in the first screen."""
    return driver.execute_script(
        """const el = document.querySelector("article .l5r-offline-status");
        if (!el || el.hidden) return {state: null, text: "", first_screen: false};
        const box = el.getBoundingClientRect();
        const first_screen = box.top >= 0 && box.bottom <= innerHeight;
        return {state: el.dataset.state, text: el.textContent, first_screen: first_screen};"""
    )


def network(driver, online: bool) -> None:
    driver.execute_cdp_cmd(
        "Network.emulateNetworkConditions",
        {"offline": not online, "latency": 0, "downloadThroughput": -1, "uploadThroughput": -1},
    )


def test_secure_origin_under_a_sub_path_saves_and_works_without_a_network(server, phone):
    from selenium.webdriver.common.by import By

    phone.get(server.base)
    first = _wait(phone, lambda d: status(d)["state"] and status(d))
    assert first["first_screen"], first
    assert first["state"] in ("saving", "saved"), first
    saved = _wait(phone, lambda d: status(d)["state"] == "saved" and status(d), 120)
    assert saved["text"].startswith("Saved on this phone: rules of ") and "works without signal" in saved["text"]
    scope = phone.execute_script(
        "return navigator.serviceWorker.controller && navigator.serviceWorker.controller.scriptURL"
    )
    assert scope == server.base + "sw.js"
    _shot(phone, "publish-home-saved")

    # no network at all: DevTools offline and the server stopped; pages and search under the sub-path
    network(phone, online=False)
    server.stop()
    try:
        phone.get(server.base)
        assert _wait(phone, lambda d: status(d)["state"]) == "saved"
        box = phone.find_element(By.CSS_SELECTOR, "form.l5r-home-search input[name=q]")
        box.send_keys("bowing")
        box.submit()
        _wait(phone, lambda d: d.current_url.startswith(server.base + "search/"))
        hits = _wait(phone, lambda d: d.find_elements(By.CSS_SELECTOR, "ol.l5r-results > li a[href]"))
        assert hits and "bow" in hits[0].text.lower()
        assert status(phone)["state"] == "saved"  # the search page says it too
        _shot(phone, "publish-search-offline")
        hits[0].click()
        _wait(phone, lambda d: "/entries/" in d.current_url or "/concepts/" in d.current_url)
        assert phone.current_url.startswith(server.base)
        assert phone.find_element(By.TAG_NAME, "h1").text
        phone.get(server.base + "concepts/")
        assert phone.find_element(By.TAG_NAME, "h1").text
    finally:
        network(phone, online=True)
        server.start()


def test_plain_http_on_the_hall_network_says_not_saved_and_where_to_go(server, phone):
    hall = server.base.replace("127.0.0.1", HALL_HOST)
    phone.get(hall)
    shown = _wait(phone, lambda d: status(d)["state"] and status(d))
    assert shown["state"] == "insecure" and shown["first_screen"], shown
    assert "Not saved on this phone" in shown["text"] and HALL_HOST in shown["text"]
    assert f"Open {PUBLISHED} once over the internet" in shown["text"]
    assert phone.execute_script("return window.isSecureContext") is False
    assert phone.execute_script("return 'serviceWorker' in navigator") is False  # nothing can be kept here
    _shot(phone, "publish-home-plain-http")
    # the search still answers while connected
    phone.get(hall + "search/?q=bowing")
    _wait(phone, lambda d: d.find_elements("css selector", "ol.l5r-results > li"))
    assert status(phone)["state"] == "insecure"
