#!/usr/bin/env python3
"""A user at a real browser: headless Chromium (Selenium) completes the emulator's sign-in page.

Usage: browser_sign_in.py URL   (as $BROWSER, the URL comes last)
Environment: TOPHHIE_TEST_USERNAME, TOPHHIE_TEST_PASSWORD; TOPHHIE_TEST_BROWSER_LOG (optional) gets a
line per page. Exit 0 when the browser lands on the loopback listener's "Signed in" page.
"""
import os
import shutil
import sys
import time

# A machine without README's set-up fails here, saying how to fix it, not deep inside Selenium.
try:
    from selenium import webdriver
except ImportError:
    sys.exit("selenium is not installed: run `bash scripts/setup` (README's set-up) and test again")
for program in ("chromium", "chromedriver"):
    if shutil.which(program) is None:
        sys.exit(f"{program} is not installed: run `bash scripts/setup` (README's set-up) and test again")
from selenium.common.exceptions import NoSuchElementException, WebDriverException
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By

LOG = os.environ.get("TOPHHIE_TEST_BROWSER_LOG")


def log(line):
    if LOG:
        with open(LOG, "a", encoding="utf-8") as handle:
            handle.write(line + "\n")


def field(driver, element_id):
    try:
        return driver.find_element(By.ID, element_id)
    except NoSuchElementException:
        return None


def main():
    url = sys.argv[-1]
    username = os.environ["TOPHHIE_TEST_USERNAME"]
    password = os.environ.get("TOPHHIE_TEST_PASSWORD", "")
    options = webdriver.ChromeOptions()
    options.binary_location = "/usr/bin/chromium"
    for flag in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"):
        options.add_argument(flag)
    driver = webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)
    try:
        driver.get(url)
        for _ in range(8):
            heading = field(driver, "heading") or field(driver, "title")
            log(f"page {driver.current_url.split('?')[0]}: {heading.text if heading else '?'}")
            if driver.current_url.startswith("http://localhost:") and heading is not None and heading.text == "Signed in":
                return 0
            filled = False
            for element_id, value in (("username", username), ("password", password)):
                element = field(driver, element_id)
                if element is not None and element.is_displayed():
                    element.clear()
                    element.send_keys(value)
                    filled = True
            button = field(driver, "next")
            if button is not None and (filled or button.is_displayed()):
                button.click()
            time.sleep(0.5)
        log("gave up: " + driver.page_source[:2000])
        return 1
    except WebDriverException as error:
        log(f"webdriver: {error}")
        return 1
    finally:
        driver.quit()


if __name__ == "__main__":
    sys.exit(main())
