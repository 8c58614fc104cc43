"""A real browser (Debian chromium + chromedriver, selenium) against `l5r-rules serve`.

Searches, switches concept tabs, opens a compare page, records every network
request through Chrome's performance log and asserts none leaves 127.0.0.1.
Screenshots (desktop and a 390x844 phone) go to build/screenshots/ for people
to look at. The browser and the server are the session's (conftest.py: `browser`,
`site_server`); without chromium this skips, and fails under CI=true.
"""

from __future__ import annotations

import time

import pytest
from browser_helpers import Server, new_driver, requested_hosts, shot, wait
from helpers import ROOT

# tests/test_browser_search.py still imports these names from here; they go when it takes the
# session's fixtures (conftest.py: site_server, phone) like every other browser test.
_driver, _requested_hosts, _shot, _wait = new_driver, requested_hosts, shot, wait


def _serve(site):
    """(process, base URL) of a new `l5r-rules serve` of `site` (for tests/test_browser_search.py, see above)."""
    server = Server(site).start()
    return server.proc, server.base


def _concept_with_editions(min_editions: int = 2) -> str:
    from l5r_rules.kb import load_kb

    kb = load_kb(ROOT)
    ranked = sorted(kb.concepts.values(), key=lambda c: (-len(c.get("entries", {})), c["id"]))
    assert ranked and len(ranked[0].get("entries", {})) >= min_editions, (
        "the real glossary has a concept in two editions"
    )
    return ranked[0]["id"]


@pytest.mark.parametrize("device", ["desktop", "phone"])
def test_search_tabs_compare_and_no_request_leaves_the_machine(browser, site_server, device):
    from selenium.webdriver.common.by import By
    from selenium.webdriver.common.keys import Keys

    driver = browser.use(device)
    server = site_server.base
    driver.get(server)
    shot(driver, f"{device}-home")

    # search: the header's box leads to the search page (search/?q=..., the CLI's ranking:
    # tests/test_browser_search.py), which lists the hits in an <ol> with a count line
    box = wait(driver, lambda d: d.find_element(By.CSS_SELECTOR, "input.l5r-header-search__input"))
    wait(driver, lambda d: box.is_displayed())
    box.send_keys("province strength", Keys.ENTER)
    meta = wait(
        driver,
        lambda d: (t := d.find_element(By.CSS_SELECTOR, ".l5r-search__status").text) and "result" in t and t,
    )
    assert meta.split()[0].isdigit() and int(meta.split()[0]) >= 1, meta
    first = wait(driver, lambda d: d.find_element(By.CSS_SELECTOR, "ol.l5r-results > li").text)
    assert "province" in first.lower() or "strength" in first.lower()
    shot(driver, f"{device}-search")

    driver.get(server + "entries/lotus-province-strength/")
    assert "Province Strength" in driver.find_element(By.TAG_NAME, "h1").text
    shot(driver, f"{device}-entry")

    # concept tabs and compare view
    concept = _concept_with_editions()
    driver.get(server + f"concepts/{concept}/")
    labels = driver.find_elements(By.CSS_SELECTOR, ".tabbed-labels > label")
    assert len(labels) >= 2
    blocks = driver.find_elements(By.CSS_SELECTOR, ".tabbed-content > .tabbed-block")
    assert blocks[0].is_displayed() and not blocks[1].is_displayed()
    driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", labels[1])
    labels[1].click()
    wait(driver, lambda d: blocks[1].is_displayed() and not blocks[0].is_displayed())
    time.sleep(0.5)  # let the tab indicator finish its transition before the screenshot
    shot(driver, f"{device}-concept")
    driver.get(server + f"compare/{concept}/")
    assert len(driver.find_elements(By.CSS_SELECTOR, ".l5r-compare .l5r-col")) >= 2
    shot(driver, f"{device}-compare")

    hosts = requested_hosts(driver)
    assert hosts and hosts <= {"127.0.0.1"}, hosts
