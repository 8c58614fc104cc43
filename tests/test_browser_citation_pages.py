"""Citations with pages on a phone (390x844), in the real browser: an Ivory entry over three pages
reads 'pp. 71-73'; a Gold entry paged by its table of contents says '(from the contents)'; the
citation wraps inside the screen. Screenshots: build/screenshots/phone-citation-*.png.
Helpers come from test_site_browser.py."""

from __future__ import annotations

import shutil
import tempfile
from pathlib import Path

import pytest
from test_site import built_real_site
from test_site_browser import _driver, _serve, _shot, _wait, pytestmark  # noqa: F401 (pytestmark: skip without chromium)


@pytest.fixture(scope="module")
def phone():
    proc, base = _serve(built_real_site())
    profile = Path(tempfile.mkdtemp(prefix="chromium-"))
    driver = _driver(390, 844, profile)
    driver.execute_cdp_cmd(
        "Emulation.setDeviceMetricsOverride", {"width": 390, "height": 844, "deviceScaleFactor": 2, "mobile": True}
    )
    yield driver, base
    driver.quit()
    shutil.rmtree(profile, ignore_errors=True)
    proc.terminate()
    proc.wait(timeout=10)


@pytest.mark.parametrize(
    "entry, words",
    [("ivory-duels", "Duels, pp. 71-73"), ("gold-bowing", "Bowing, pp. 24-25 (from the contents)")],
)
def test_citation_shows_the_pages_on_a_phone(phone, entry, words):
    from selenium.webdriver.common.by import By

    driver, base = phone
    driver.get(f"{base}entries/{entry}/")
    cite = _wait(driver, lambda d: d.find_element(By.CSS_SELECTOR, ".l5r-cite"))
    assert words in cite.text, cite.text
    box = driver.execute_script("const r = arguments[0].getBoundingClientRect(); return [r.left, r.right];", cite)
    assert 0 <= box[0] and box[1] <= 390, box
    assert driver.execute_script("return document.documentElement.scrollWidth") <= 390
    driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", cite)
    _shot(driver, f"phone-citation-{entry}")
