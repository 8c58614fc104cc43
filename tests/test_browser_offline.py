"""The site with no network, in a real browser (chromium at phone size, 390x844) against `l5r-rules serve`.

Load the site once; the service worker precaches it. Then cut the network twice over
(the DevTools protocol's offline mode, and the server process stopped), reload, search,
open a concept page never visited, switch its tabs, open a compare page. Rebuild into the
same folder with a changed concept, start the server again, reload: the new worker must
replace the old cache (its name gone) and the page must show the new text and data version.
Screenshots go to build/screenshots/offline-*.png. The footer's and the home page's offline lines
(l5r-offline.js) must say "Saved on this phone" once the copy is complete. The browser is the session's
(conftest.py), each test's site at an origin it has no data of; the real site is the session's server,
stopped here and started again.
"""

from __future__ import annotations

import json
import time
from pathlib import Path

from browser_helpers import Server, requested_hosts, shot, wait
from site_helpers import built_offline_fixture_site, fixture_copy

from l5r_rules.site import offline_app
from l5r_rules.site.builder import build_site


def network(driver, online: bool) -> None:
    driver.execute_cdp_cmd(
        "Network.emulateNetworkConditions",
        {"offline": not online, "latency": 0, "downloadThroughput": -1, "uploadThroughput": -1},
    )


def js(driver, body: str):
    """Run an async script body that ends by calling done(value)."""
    return driver.execute_async_script("const done = arguments[arguments.length - 1];\n" + body)


def cache_names(driver) -> list[str]:
    return js(driver, "caches.keys().then(done, (e) => done('error: ' + e));")


def cache_name(server: Server) -> str:
    return f"{offline_app.CACHE_PREFIX}:{server.base}:{sw_config(server.site)['version']}"


def sw_config(site: Path) -> dict:
    text = (site / offline_app.SERVICE_WORKER).read_text(encoding="utf-8")
    return json.loads(text.split("const CONFIG = ", 1)[1].split("\n};", 1)[0] + "\n}")


def wait_until_offline_ready(driver, server: Server, timeout: float = 120) -> float:
    """Wait until the worker controls the page and holds every precached file; return the seconds it took."""
    start = time.monotonic()
    wait(driver, lambda d: d.execute_script("return !!navigator.serviceWorker.controller"), timeout)
    name, wanted = cache_name(server), len(sw_config(server.site)["files"]) + 1  # and the receipt, written last
    count = lambda d: js(d, f"caches.open({json.dumps(name)}).then((c) => c.keys()).then((k) => done(k.length));")
    wait(driver, lambda d: count(d) == wanted, timeout)
    wait(driver, lambda d: offline_state(d) == "saved", timeout)
    return time.monotonic() - start


def search(driver, query: str) -> list[str]:
    """Type into the header's search box and press Enter: the site's search page lists the hits."""
    from selenium.webdriver.common.by import By
    from selenium.webdriver.common.keys import Keys

    box = wait(driver, lambda d: d.find_element(By.CSS_SELECTOR, "input.l5r-header-search__input"))
    box.send_keys(query, Keys.ENTER)
    wait(driver, lambda d: "/search/" in d.current_url, 30)
    return wait(driver, lambda d: [e.text for e in d.find_elements(By.CSS_SELECTOR, "ol.l5r-results > li")], 30)


def offline_state(driver) -> str | None:
    """The footer's offline line (l5r-offline.js): saved, saving, insecure, none; None while not yet shown."""
    from selenium.webdriver.common.by import By

    line = driver.find_element(By.CSS_SELECTOR, ".l5r-build .l5r-offline-status")
    return line.get_attribute("data-state") if line.is_displayed() else None


def footer(driver) -> dict:
    from selenium.webdriver.common.by import By

    line = driver.find_element(By.CSS_SELECTOR, ".l5r-build")
    return {"data_version": line.get_attribute("data-data-version"), "text": line.text}


def test_offline_after_one_visit_and_a_rebuild_replaces_the_cache(phone, tmp_path):
    from selenium.webdriver.common.by import By

    root = fixture_copy(tmp_path / "root")
    site = tmp_path / "site"
    build_site(root, site)
    server = Server(site)
    server.start()
    try:
        # one visit, online
        phone.get(server.base)
        wait_until_offline_ready(phone, server)
        first_cache = cache_name(server)
        assert cache_names(phone) == [first_cache]
        # the receipt the worker stores last, which the page reads to say "Saved on this phone"
        receipt_url = json.dumps(server.base + "offline-copy.json")
        receipt = js(
            phone,
            f"caches.open({json.dumps(first_cache)}).then((c) => c.match({receipt_url}))"
            ".then((r) => r.json()).then(done);",
        )
        config = sw_config(site)
        assert receipt == {
            "version": config["version"],
            "data_version": config["data_version"],
            "built": config["built"],
            "files": len(config["files"]),
        }
        first_data = footer(phone)["data_version"]

        # no network at all: DevTools offline, and the server stopped
        network(phone, online=False)
        server.stop()
        phone.refresh()
        assert "Saved on this phone" in wait(phone, lambda d: footer(d)["text"])
        assert offline_state(phone) == "saved"
        results = search(phone, "bowing")
        assert results and any("bow" in r.lower() for r in results), results
        shot(phone, "offline-search")

        # a concept page never opened online; its edition tabs
        phone.get(server.base + "concepts/bowing/")
        assert "Bowing" in phone.find_element(By.TAG_NAME, "h1").text
        labels = phone.find_elements(By.CSS_SELECTOR, ".tabbed-labels > label")
        blocks = phone.find_elements(By.CSS_SELECTOR, ".tabbed-content > .tabbed-block")
        assert len(labels) >= 2 and len(blocks) == len(labels)
        hidden = next(i for i, block in enumerate(blocks) if not block.is_displayed())
        phone.execute_script("arguments[0].scrollIntoView({block: 'center'})", labels[hidden])
        labels[hidden].click()
        wait(phone, lambda d: blocks[hidden].is_displayed() and sum(b.is_displayed() for b in blocks) == 1)
        time.sleep(0.5)  # the tab indicator's transition
        shot(phone, "offline-concept")

        # a compare page; an entry reached by a link; a folder URL without its slash; a page that is not there
        phone.get(server.base + "compare/bowing/")
        assert len(phone.find_elements(By.CSS_SELECTOR, ".l5r-compare .l5r-col")) >= 2
        shot(phone, "offline-compare")
        phone.get(server.base + "entries/gold-bowing")
        wait(phone, lambda d: d.current_url == server.base + "entries/gold-bowing/")
        assert "Bowing" in phone.find_element(By.TAG_NAME, "h1").text
        phone.get(server.base + "no/such/page/")
        assert "404" in phone.find_element(By.TAG_NAME, "h1").text
        assert requested_hosts(phone) <= {"127.0.0.1"}

        # a rebuild with a changed concept, into the same folder; the network back
        concept = root / "glossary" / "concepts" / "bowing.yaml"
        concept.write_text(concept.read_text(encoding="utf-8").replace("Test fixture summary.", "Rebuilt summary."))
        build_site(root, site)
        second_cache = cache_name(server)
        assert second_cache != first_cache
        server.start()
        network(phone, online=True)
        phone.get(server.base + "concepts/bowing/")  # the old worker answers, and the browser checks sw.js
        wait(phone, lambda d: cache_names(d) == [second_cache], 120)
        phone.refresh()
        assert "Rebuilt summary." in phone.find_element(By.TAG_NAME, "article").text
        assert footer(phone)["data_version"] == sw_config(site)["data_version"] != first_data
        wait(phone, lambda d: offline_state(d) == "saved")
        phone.execute_script("document.querySelector('.l5r-build').scrollIntoView({block: 'center'})")
        shot(phone, "offline-updated-footer")

        # and the new copy works offline too
        network(phone, online=False)
        server.stop()
        phone.get(server.base + "concepts/bowing/")
        assert "Rebuilt summary." in phone.find_element(By.TAG_NAME, "article").text
    finally:
        server.stop()


def test_real_site_installs_and_answers_offline(phone, site_server):
    """The real site (about 1,000 precached files): one visit, then a search and pages with the server gone."""
    from selenium.webdriver.common.by import By

    server = site_server
    try:
        phone.get(server.base)
        seconds = wait_until_offline_ready(phone, server, timeout=300)
        print(f"real site precached {len(sw_config(server.site)['files'])} files in {seconds:.1f} s")
        network(phone, online=False)
        server.stop()
        phone.refresh()
        results = search(phone, "province strength")
        assert any("province" in r.lower() for r in results), results
        shot(phone, "offline-real-search")
        phone.get(server.base + "entries/lotus-province-strength/")
        assert "Province Strength" in phone.find_element(By.TAG_NAME, "h1").text
        phone.get(server.base + "editions/lcg/")
        assert phone.find_element(By.TAG_NAME, "h1").text
        assert requested_hosts(phone) <= {"127.0.0.1"}
    finally:
        network(phone, online=True)
        if server.proc is None:
            server.start()  # the session's server, for the tests after this one


def test_a_page_opened_from_the_file_system_says_it_is_not_kept_offline(phone):
    phone.get((built_offline_fixture_site() / "index.html").as_uri())
    wait(phone, lambda d: offline_state(d) == "insecure")
    top = phone.find_element("css selector", "article .l5r-offline-status")
    assert top.is_displayed() and "Not saved on this phone" in top.text and "opened from a file" in top.text
