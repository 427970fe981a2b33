"""The content security policy holds what a bug in escaping would let into a page (see
docs/security.md): an inline script or event handler is refused and reported, and Python put into
the page (a ``<script type="py">``, a ``<py-script>``, a ``py-click`` attribute) is not run.

Every other browser test checks the other half: no page reports a violation in any flow
(``conftest.csp_violations``)."""

from __future__ import annotations

from playwright.sync_api import expect

from tests.browser.conftest import open_ready

#: What a name or a link with markup in it would become in the page if a renderer forgot to
#: escape it, put in the way the glue writes regions (``innerHTML``) and the way a script that
#: parses HTML would (``createContextualFragment``, whose scripts run when inserted).
INJECT_SCRIPTS = """() => {
  const region = document.createElement("div");
  region.id = "csp-probe";
  document.getElementById("main").append(region);
  region.innerHTML = '<img alt="" src="./style.css" onerror="document.body.dataset.pwned = \\'handler\\'">';
  region.append(document.createRange().createContextualFragment(
    '<script>document.body.dataset.pwned = "script"</scr' + 'ipt>'));
  const script = document.createElement("script");
  script.textContent = 'document.body.dataset.pwned = "created"';
  region.append(script);
}"""

INJECT_PYTHON = """() => {
  const region = document.createElement("div");
  region.id = "csp-probe";
  document.getElementById("main").append(region);
  region.innerHTML = '<script type="py">from js import document\\ndocument.body.dataset.pwned = "py"</scr' + 'ipt>'
    + '<py-script>from js import document\\ndocument.body.dataset.pwned = "py-script"</py-script>'
    + '<button type="button" id="csp-probe-button" py-click="performance.mark">probe</button>';
}"""

#: Chromium's own console line for each refusal (also a console error, which the test expects).
REFUSED = "violates the following Content Security Policy directive"


def expect_refusals(watch) -> list[str]:
    """The console errors that are the policy's refusals, taken out of the watch."""
    refusals = [text for text in watch.console_errors if REFUSED in text]
    watch.console_errors[:] = [text for text in watch.console_errors if REFUSED not in text]
    return refusals


def test_an_inline_script_put_into_a_page_is_refused_and_reported(app, csp_violations):
    context, watch = app
    page = open_ready(context, "index.html")
    page.evaluate(INJECT_SCRIPTS)
    page.wait_for_function("() => document.querySelector('#csp-probe img').complete")
    page.wait_for_timeout(300)  # an event handler or a script that ran would have marked the body by now
    assert page.evaluate("document.body.dataset.pwned") is None
    reports = csp_violations.take()
    assert sorted({r["directive"] for r in reports}) == ["script-src-attr", "script-src-elem"], reports
    assert all(r["disposition"] == "enforce" and r["blocked"] == "inline" for r in reports), reports
    assert len(reports) == 3, reports  # the handler, the parsed script, the created script
    assert len(expect_refusals(watch)) == 3
    watch.assert_clean()


def test_python_put_into_a_page_is_not_run(app):
    context, watch = app
    page = open_ready(context, "index.html")
    page.evaluate(INJECT_PYTHON)
    page.click("#csp-probe-button")
    page.wait_for_timeout(1500)  # PyScript runs a script it finds in a few ms once Python is up
    assert page.evaluate("document.body.dataset.pwned") is None
    marks = page.evaluate("performance.getEntriesByType('mark').map(m => m.name)")
    assert not [name for name in marks if "Event" in name], marks  # py-click="performance.mark" did not run
    assert page.evaluate("document.querySelectorAll('#csp-probe script, #csp-probe py-script').length") == 0
    assert page.evaluate("document.getElementById('csp-probe-button').getAttributeNames()") == ["type", "id"]
    assert page.evaluate("strikeRankGuard.refused()") == 3
    # The page's own Python still works after it.
    page.fill("#dice-expr", "2d6+2")
    page.fill("#dice-typed", "3 4")
    page.click("#dice-roll")
    expect(page.locator("#dice-result .roll-total")).to_have_text("9")
    watch.assert_clean()
