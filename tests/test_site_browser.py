"""A real browser (Debian chromium + chromedriver, selenium) against `l5r-rules serve`.

Searches, switches concept tabs, opens a compare page, records every network
request through Chrome's performance log and asserts none leaves 127.0.0.1.
Screenshots (desktop and a 390x844 phone) go to build/screenshots/ for people
to look at. Skipped when chromium is not installed (scripts/install_browser.sh
installs it; scripts/test.sh calls that).
"""

from __future__ import annotations

import json
import os
import shutil
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path
from urllib.parse import urlsplit

import pytest
from test_site import ROOT, built_fixture_site, built_real_site

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
DRIVER = shutil.which("chromedriver") or "/usr/bin/chromedriver"
SHOTS = ROOT / "build" / "screenshots"

pytestmark = pytest.mark.skipif(
    not (os.path.exists(CHROMIUM) and os.path.exists(DRIVER)), reason="chromium/chromedriver not installed"
)


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def _serve(site: Path):
    port = _free_port()
    cli = Path(sys.executable).parent / "l5r-rules"
    proc = subprocess.Popen(
        [str(cli), "serve", "--port", str(port), "--site", str(site)],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
    )
    base = f"http://127.0.0.1:{port}/"
    for _ in range(100):
        try:
            urllib.request.urlopen(base, timeout=1)
            return proc, base
        except OSError:
            time.sleep(0.1)
    proc.kill()
    pytest.fail("l5r-rules serve did not start: " + proc.stdout.read().decode(errors="replace"))


@pytest.fixture(scope="module")
def servers():
    """`l5r-rules serve` for the real site and for the fixture glossary (which always has concepts)."""
    started = {name: _serve(site) for name, site in (("real", built_real_site()), ("fixture", built_fixture_site()))}
    yield {name: base for name, (_, base) in started.items()}
    for proc, _ in started.values():
        proc.terminate()
        proc.wait(timeout=10)


def _driver(width: int, height: int, profile: Path):
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
    ):
        options.add_argument(arg)
    options.set_capability("goog:loggingPrefs", {"performance": "ALL"})
    return webdriver.Chrome(service=Service(executable_path=DRIVER), options=options)


@pytest.fixture(scope="module")
def browsers():
    profiles = [Path(tempfile.mkdtemp(prefix="chromium-")) for _ in range(2)]
    desktop = _driver(1280, 900, profiles[0])
    phone = _driver(390, 844, profiles[1])
    phone.execute_cdp_cmd(
        "Emulation.setDeviceMetricsOverride", {"width": 390, "height": 844, "deviceScaleFactor": 2, "mobile": True}
    )
    yield {"desktop": desktop, "phone": phone}
    for driver in (desktop, phone):
        driver.quit()
    for profile in profiles:
        shutil.rmtree(profile, ignore_errors=True)


def _requested_hosts(driver) -> set[str]:
    hosts = set()
    for row in driver.get_log("performance"):
        message = json.loads(row["message"])["message"]
        if message.get("method") == "Network.requestWillBeSent":
            url = message["params"]["request"]["url"]
            parts = urlsplit(url)
            if parts.scheme in ("http", "https", "ws", "wss"):
                hosts.add(parts.hostname or "")
    return hosts


def _wait(driver, condition, timeout=15):
    """Wait for `condition`; an element re-rendered meanwhile (results update while typing) is looked up again."""
    from selenium.common.exceptions import StaleElementReferenceException
    from selenium.webdriver.support.ui import WebDriverWait

    return WebDriverWait(driver, timeout, ignored_exceptions=(StaleElementReferenceException,)).until(condition)


def _shot(driver, name: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    driver.save_screenshot(str(SHOTS / f"{name}.png"))


def _concept_with_editions(min_editions: int = 2) -> str | None:
    from l5r_rules.kb import load_kb

    kb = load_kb(ROOT)
    ranked = sorted(kb.concepts.values(), key=lambda c: (-len(c.get("entries", {})), c["id"]))
    return ranked[0]["id"] if ranked and len(ranked[0].get("entries", {})) >= min_editions else None


@pytest.mark.parametrize("device", ["desktop", "phone"])
def test_search_tabs_compare_and_no_request_leaves_the_machine(servers, browsers, device):
    from selenium.webdriver.common.by import By
    from selenium.webdriver.common.keys import Keys

    driver = browsers[device]
    server = servers["real"]
    driver.get(server)
    _shot(driver, f"{device}-home")

    # search: the header's box leads to the search page (search/?q=..., the CLI's ranking:
    # tests/test_browser_search.py), which lists the hits in an <ol> with a count line
    box = _wait(driver, lambda d: d.find_element(By.CSS_SELECTOR, "input.l5r-header-search__input"))
    _wait(driver, lambda d: box.is_displayed())
    box.send_keys("province strength", Keys.ENTER)
    meta = _wait(
        driver,
        lambda d: (t := d.find_element(By.CSS_SELECTOR, ".l5r-search__status").text) and "result" in t and t,
    )
    assert meta.split()[0].isdigit() and int(meta.split()[0]) >= 1, meta
    first = _wait(driver, lambda d: d.find_element(By.CSS_SELECTOR, "ol.l5r-results > li").text)
    assert "province" in first.lower() or "strength" in first.lower()
    _shot(driver, f"{device}-search")

    driver.get(server + "entries/lotus-province-strength/")
    assert "Province Strength" in driver.find_element(By.TAG_NAME, "h1").text
    _shot(driver, f"{device}-entry")

    # concept tabs and compare view: a real concept when the glossary has one, else the fixture's
    concept = _concept_with_editions()
    base = server if concept else servers["fixture"]
    concept = concept or "bowing"
    driver.get(base + f"concepts/{concept}/")
    labels = driver.find_elements(By.CSS_SELECTOR, ".tabbed-labels > label")
    assert len(labels) >= 2
    blocks = driver.find_elements(By.CSS_SELECTOR, ".tabbed-content > .tabbed-block")
    assert blocks[0].is_displayed() and not blocks[1].is_displayed()
    driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", labels[1])
    labels[1].click()
    _wait(driver, lambda d: blocks[1].is_displayed() and not blocks[0].is_displayed())
    time.sleep(0.5)  # let the tab indicator finish its transition before the screenshot
    _shot(driver, f"{device}-concept")
    driver.get(base + f"compare/{concept}/")
    assert len(driver.find_elements(By.CSS_SELECTOR, ".l5r-compare .l5r-col")) >= 2
    _shot(driver, f"{device}-compare")

    hosts = _requested_hosts(driver)
    assert hosts and hosts <= {"127.0.0.1"}, hosts
