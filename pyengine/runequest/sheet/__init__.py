"""The adventurer sheet: the saved record, every derived number, the page's inputs and HTML."""
