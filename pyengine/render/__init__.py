"""HTML of the pages' own parts, those that belong to no rule set (the start page's lists,
the share line, the sheet's "Now" card, fight mode's write-back plan…): pure functions from
what a controller holds to HTML, built through :mod:`pyengine.html`. A rule set's own
results are drawn by its ``render`` modules; the controllers in :mod:`pyengine.pages`
build no HTML and call these. Nothing here imports a page controller.
"""
