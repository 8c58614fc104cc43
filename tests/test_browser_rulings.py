"""A worked example on a phone (390x844) reads as a ruling: situation, outcome, steps with linked rule
sentences; a scenario that needs a player's decision lists each option's outcome. Screenshots go to
build/screenshots/ (rulings-*.png) for people to look at. Uses the helpers of test_site_browser.py."""

from __future__ import annotations

import time

import pytest
from test_site_browser import _shot, _wait, browsers, servers  # noqa: F401 - pytest fixtures


def _aside(driver, scenario_id: str):
    from selenium.webdriver.common.by import By

    aside = _wait(driver, lambda d: d.find_element(By.ID, f"scenario-{scenario_id}"))
    driver.execute_script("arguments[0].scrollIntoView({block: 'start'})", aside)
    driver.execute_script("window.scrollBy(0, -70)")  # below the sticky header
    time.sleep(0.3)
    return aside


def test_a_worked_example_reads_as_a_ruling_on_a_phone(servers, browsers):  # noqa: F811
    from selenium.webdriver.common.by import By

    driver = browsers["phone"]
    driver.get(servers["real"] + "concepts/ccg-battle-resolution/")
    aside = _aside(driver, "mary-todd-battle-province-1")
    assert "Latomu and Skub" in aside.find_element(By.CSS_SELECTOR, ".l5r-ruling-situation").text
    outcome = aside.find_element(By.CSS_SELECTOR, ".l5r-ruling-outcome").text
    assert "Winner: attacker." in outcome and "{" not in outcome
    aside.find_element(By.CSS_SELECTOR, ".l5r-ruling-steps > summary").click()
    quotes = _wait(
        driver, lambda d: [q for q in aside.find_elements(By.CSS_SELECTOR, "a.l5r-ruling-quote") if q.is_displayed()]
    )
    assert quotes and all("#" in q.get_attribute("href") for q in quotes)
    width = driver.execute_script("return document.documentElement.scrollWidth")
    assert width <= 390, f"the page scrolls sideways on a phone ({width}px)"
    _shot(driver, "rulings-phone-steps")
    quotes[0].click()
    _wait(driver, lambda d: "/entries/" in d.current_url and "#" in d.current_url)


def test_a_decision_shows_each_option_on_a_phone(servers, browsers):  # noqa: F811
    from selenium.webdriver.common.by import By

    driver = browsers["phone"]
    driver.get(servers["real"] + "concepts/bfr-battles/")
    aside = _aside(driver, "bfr-attackers-tie-unsettled")
    assert "A player must decide" in aside.text
    options = aside.find_elements(By.CSS_SELECTOR, ".l5r-ruling-options li")
    assert [o.text.split(":")[0] for o in options] == [
        "If attacker tie is Phönix",
        "If attacker tie is Skorpion",
        "If attacker tie is none (no one)",
    ]
    assert "could not run" not in driver.page_source
    _shot(driver, "rulings-phone-decision")


@pytest.fixture(autouse=True)
def _skip_without_concepts():
    from test_site import ROOT

    from l5r_rules.kb import load_kb

    concepts = load_kb(ROOT).concepts
    if not {"ccg-battle-resolution", "bfr-battles"} <= set(concepts):
        pytest.skip("the concepts this test opens are not in the glossary")
