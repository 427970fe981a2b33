"""One attack against one defender: the d100, the exchange, wounds, exact odds; the page's inputs, state and HTML."""
