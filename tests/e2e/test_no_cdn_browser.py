"""`companion --web` asks no other host for anything: Flet's client would fetch Rive's runtime from a public
CDN at every start; the companion's page script sends that request to the app itself."""

from __future__ import annotations

import pytest

from companion.bench.browser import CHROMIUM, CHROMIUM_ARGS, enable_semantics, start_app, wait_for, wait_http

pytestmark = pytest.mark.e2e


def test_the_served_app_fetches_nothing_from_elsewhere(playwright, tmp_path):
    with start_app(tmp_path / "data", log=tmp_path / "app.log") as (url, proc):
        wait_http(url, proc)
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True)
        try:
            context = browser.new_context(viewport={"width": 390, "height": 844})
            outside: list[str] = []
            asked: list[str] = []

            def route(request_route) -> None:
                address = request_route.request.url
                if address.startswith(url + "/"):
                    asked.append(address[len(url):])
                    request_route.continue_()
                else:
                    outside.append(address)
                    request_route.abort()

            context.route("**/*", route)
            page = context.new_page()
            page.goto(url)
            enable_semantics(page)
            wait_for(page, '[flt-semantics-identifier="home-players"]', 60_000)
            # The client asks for Rive's runtime a moment after its first frame.
            page.wait_for_function("() => performance.getEntriesByType('resource')"
                                   ".some(e => e.name.endsWith('/companion-rive.js'))", timeout=30_000)
        finally:
            browser.close()
    assert "/companion.js" in asked and "/companion-rive.js" in asked
    assert outside == []
