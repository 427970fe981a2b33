"""How the app speaks of an adventurer: he, she or they (issue 34, RQ-145).

The player chooses on the sheet; a record that never chose (every record before format 4),
a quick stat block and anyone the app knows nothing of is "they". One object gives every
form a sentence needs, with the verb that agrees with it::

    p = Pronouns.SHE
    f"{p.his} sheet"                  # "her sheet"
    f"Defense saved {p.him}"          # "Defense saved her"
    f"{p.he} {p.verb('falls', 'fall')}"   # "she falls" / "they fall"
    f"{p.he_is} dead"                 # "she is dead" / "they are dead"

The properties are named after the masculine forms the rules' text uses ("his", "him",
"himself"), so a sentence reads as the seed's words with the pronoun put right.
"""

from __future__ import annotations

import enum
from collections.abc import Mapping

_FORMS = {
    "he": ("he", "him", "his", "himself"),
    "she": ("she", "her", "her", "herself"),
    "they": ("they", "them", "their", "themselves"),
}


class Pronouns(enum.StrEnum):
    """An adventurer's pronouns, as the sheet offers them (the record's ``pronouns``)."""

    HE = "he"
    SHE = "she"
    THEY = "they"

    @property
    def he(self) -> str:
        """The subject: ``he``, ``she``, ``they``."""
        return _FORMS[self.value][0]

    @property
    def him(self) -> str:
        """The object: ``him``, ``her``, ``them``."""
        return _FORMS[self.value][1]

    @property
    def his(self) -> str:
        """The possessive before a noun: ``his``, ``her``, ``their``."""
        return _FORMS[self.value][2]

    @property
    def himself(self) -> str:
        """The reflexive: ``himself``, ``herself``, ``themselves``."""
        return _FORMS[self.value][3]

    @property
    def plural(self) -> bool:
        """"they" takes the verb of the plural: "they are", "they fall"."""
        return self is Pronouns.THEY

    def verb(self, singular: str, plural: str) -> str:
        """The verb that agrees with the subject: ``verb("falls", "fall")``."""
        return plural if self.plural else singular

    @property
    def he_is(self) -> str:
        """``he is``, ``she is``, ``they are``."""
        return f"{self.he} {self.verb('is', 'are')}"

    @property
    def he_was(self) -> str:
        """``he was``, ``she was``, ``they were``."""
        return f"{self.he} {self.verb('was', 'were')}"

    @property
    def he_has(self) -> str:
        """``he has``, ``she has``, ``they have``."""
        return f"{self.he} {self.verb('has', 'have')}"

    def does(self, singular: str, plural: str) -> str:
        """The subject and its verb: ``does("falls", "fall")`` is ``she falls`` or ``they fall``."""
        return f"{self.he} {self.verb(singular, plural)}"


#: Who the app knows nothing of (a quick stat block, a record from before format 4).
THEY = Pronouns.THEY

#: Labels the sheet's "Pronouns" field shows, in its order.
CHOICES: tuple[tuple[str, str], ...] = (("they", "they"), ("she", "she"), ("he", "he"))


def pronouns_of(name: str, known: Mapping[str, Pronouns] | None) -> Pronouns:
    """``name``'s pronouns in ``known`` (a fight's saved adventurers), else "they"."""
    return (known or {}).get(name, THEY)
