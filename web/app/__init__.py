"""The pages' glue: the only Python that touches the DOM.

Each page module reads its inputs, calls the engine, and writes the HTML the
engine's renderers return into one container. No rules arithmetic lives here.
"""
