"""docs/rulings.md as a page of the site: a small Markdown converter (the subset that file
uses) and the page around it."""

from __future__ import annotations

import html
import re

from builder.base import ROOT
from builder.pages import Page, csp_meta, nav_bar
from builder.pins import Pins

#: docs/rulings.md, shipped as a page of its own so a ruling id on a sheet links to its entry,
#: offline too (the service worker caches every file of the site). Not a tool: no nav entry.
RULINGS_FILE = "rulings.html"


def _inline_md(text: str) -> str:
    """One line of Markdown's inline marks as HTML, every character escaped first."""
    out = html.escape(text, quote=False)
    out = re.sub(r"`([^`]+)`", r"<code>\1</code>", out)
    out = re.sub(r"\*\*([^*]+)\*\*", r"<strong>\1</strong>", out)
    out = re.sub(r"\[([^\]]+)\]\(([^)]+)\)", r"\1", out)
    return out


def rulings_html(markdown: str) -> str:
    """docs/rulings.md as HTML: headings (each ``### <ID> — …`` anchored at ``#<ID>``), quotes,
    lists, fenced code and paragraphs; the subset that file uses."""
    blocks: list[str] = []
    para: list[str] = []
    kind = ""

    def flush() -> None:
        nonlocal kind
        if para:
            inner = " ".join(_inline_md(line) for line in para)
            blocks.append({"p": f"<p>{inner}</p>", "quote": f"<blockquote><p>{inner}</p></blockquote>",
                           "ul": "<ul>" + "".join(f"<li>{_inline_md(x)}</li>" for x in para) + "</ul>",
                           "ol": "<ol>" + "".join(f"<li>{_inline_md(x)}</li>" for x in para) + "</ol>"}[kind])
        para.clear()
        kind = ""

    lines = iter(markdown.splitlines())
    for line in lines:
        if line.startswith("```"):
            flush()
            code = []
            for inner in lines:
                if inner.startswith("```"):
                    break
                code.append(inner)
            blocks.append(f"<pre><code>{html.escape(chr(10).join(code))}</code></pre>")
            continue
        if m := re.match(r"(#{1,4}) (.*)", line):
            flush()
            level = len(m.group(1))
            ident = re.match(r"([A-Z]+-\d+) — ", m.group(2))
            attrs = f' id="{ident.group(1)}"' if ident else ""
            blocks.append(f"<h{level}{attrs}>{_inline_md(m.group(2))}</h{level}>")
            continue
        if not line.strip():
            flush()
            continue
        for mark, pattern in (("quote", r"> ?(.*)"), ("ul", r"[-*] (.*)"), ("ol", r"\d+\. (.*)")):
            m = re.match(pattern, line)
            if m and (kind in ("", mark) or mark != "quote"):
                if kind != mark:
                    flush()
                kind = mark
                para.append(m.group(1))
                break
        else:
            if kind in ("ul", "ol") and para and line.startswith("  "):
                para[-1] += " " + line.strip()
            else:
                if kind not in ("", "p", "quote"):
                    flush()
                kind = kind or "p"
                para.append(line.strip())
    flush()
    return "\n".join(blocks)


def render_rulings(pins: Pins) -> str:
    """The rulings page: docs/rulings.md in the site's look, with the navigation bar; no Python."""
    body = rulings_html((ROOT / "docs" / "rulings.md").read_text(encoding="utf-8"))
    page = Page(RULINGS_FILE, "Rulings", "")
    return (
        '<!doctype html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n'
        f"{csp_meta()}\n"
        '<meta name="viewport" content="width=device-width, initial-scale=1">\n'
        "<title>Rulings: where the rules are silent</title>\n"
        '<link rel="icon" type="image/png" href="./icons/icon-192.png">\n'
        '<link rel="stylesheet" href="./style.css">\n</head>\n'
        '<body data-ready="1">\n<a class="skip" href="#main">Skip to content</a>\n'
        '<header class="bar">\n<a class="brand" href="./index.html"><span class="brand-mark" aria-hidden="true">'
        "&#9670;</span> Strike Rank</a>\n</header>\n"
        f"{nav_bar(page)}\n"
        f'<main id="main" class="rulings">\n{body}\n</main>\n'
        f'<footer class="foot"><p>Strike Rank &middot; rules engine {pins.engine_version}</p></footer>\n'
        "</body>\n</html>\n"
    )

