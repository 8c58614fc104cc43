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

Screenshots: build/screenshots/publish-*.png. The browser is the session's (conftest.py: `phone`).
"""

from __future__ import annotations

import shutil

import pytest
from browser_helpers import HALL_HOST, Server, shot, wait
from helpers import FIXTURES

from l5r_rules.site.builder import build_site

PUBLISHED = "https://judges.example.org/l5r-rules/"


@pytest.fixture(scope="module")
def server(browser, tmp_path_factory):
    """The fixture built for PUBLISHED, served under its sub-path (a site of this module's own: the
    session's server serves the real site at the root)."""
    root = shutil.copytree(FIXTURES / "site", tmp_path_factory.mktemp("publish-browser") / "root")
    build_site(root, root / "site", site_url=PUBLISHED)
    srv = Server(root / "site", prefix="/l5r-rules/").start()
    yield srv
    srv.stop()


def _wait(driver, condition, timeout=30):
    return wait(driver, condition, timeout)


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
    shot(phone, "publish-home-saved")

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
        shot(phone, "publish-search-offline")
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
    shot(phone, "publish-home-plain-http")
    # the search still answers while connected
    phone.get(hall + "search/?q=bowing")
    _wait(phone, lambda d: d.find_elements("css selector", "ol.l5r-results > li"))
    assert status(phone)["state"] == "insecure"
