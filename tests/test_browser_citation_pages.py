"""Citations with pages on a phone (390x844), in the real browser: an Ivory entry over three pages
reads 'pp. 71-73'; a Gold entry paged by its table of contents says '(from the contents)'; the
citation wraps inside the screen. Screenshots: build/screenshots/phone-citation-*.png.
The browser and the server are the session's (conftest.py)."""

from __future__ import annotations

import pytest
from browser_helpers import shot, wait


@pytest.mark.parametrize(
    "entry, words",
    [("ivory-duels", "Duels, pp. 71-73"), ("gold-bowing", "Bowing, pp. 24-25 (from the contents)")],
)
def test_citation_shows_the_pages_on_a_phone(phone, site_server, entry, words):
    from selenium.webdriver.common.by import By

    driver = phone
    driver.get(f"{site_server.base}entries/{entry}/")
    cite = wait(driver, lambda d: d.find_element(By.CSS_SELECTOR, ".l5r-cite"))
    assert words in cite.text, cite.text
    box = driver.execute_script("const r = arguments[0].getBoundingClientRect(); return [r.left, r.right];", cite)
    assert 0 <= box[0] and box[1] <= 390, box
    assert driver.execute_script("return document.documentElement.scrollWidth") <= 390
    driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", cite)
    shot(driver, f"phone-citation-{entry}")
