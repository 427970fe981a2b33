"""Weapon and shield skills: basic chance and training cost per 5% in each band.

"Weapon use is taught according to the types and modes stated above, with common
subdivisions within the types and modes" (seed ch. IV). Every weapon row names its
skill; weapons sharing a skill are "similar" (RQ-17). A skill whose costs are not
in the rules we have (``costs`` absent) cannot be bought as training. The table is
``tables/runequest/weapon_training.toml``.
"""

import enum
from typing import Annotated

import msgspec

from pyengine.tables import Record
from pyengine.working import RulingIds

TABLE_ID = "runequest/weapon_training"

SkillId = Annotated[str, msgspec.Meta(pattern=r"^[a-z][a-z0-9_]{0,39}$", description="a skill's id, e.g. sword_1h")]
Percent = Annotated[int, msgspec.Meta(ge=0, le=100)]
Cost = Annotated[int, msgspec.Meta(gt=0, le=100_000, multiple_of=20)]
"""Lunars per 5%; a multiple of 20 so every CHA discount (5% a point) is whole Lunars."""


class SkillKind(enum.StrEnum):
    MELEE = "melee"
    NATURAL = "natural"
    """Fist, kick, head butt, grapple: part of the body, always at hand."""
    MISSILE = "missile"
    SHIELD = "shield"


class Skill(Record):
    """One skill row."""

    id: SkillId
    name: Annotated[str, msgspec.Meta(min_length=1, max_length=60)]
    kind: SkillKind
    basic: Percent
    """The basic chance to attack and parry (a shield's: to parry)."""
    parries: bool = True
    """False for the seed's asterisked "not parrying weapons" (fists, thrown weapons)."""
    costs: Annotated[tuple[Cost, ...], msgspec.Meta(min_length=3, max_length=3)] | None = None
    """Lunars per 5% in the 05-25, 30-50 and 55-75 bands; ``None``: not in the rules we have."""
    rulings: RulingIds = ()


class SkillTable(Record):
    """``weapon_training.toml``."""

    default_basic: Percent
    off_hand_basic: Percent
    shield_bash_basic: Percent
    projectile_parry_basic: Percent
    band_tops: Annotated[tuple[Percent, ...], msgspec.Meta(min_length=3, max_length=3)]
    """The top of each cost band (25, 50, 75); the last is where training stops."""
    skills: tuple[Skill, ...]

    def __post_init__(self) -> None:
        if list(self.band_tops) != sorted(set(self.band_tops)):
            raise ValueError(f"band_tops {list(self.band_tops)} must rise")
        seen = set()
        for i, skill in enumerate(self.skills):
            if skill.id in seen:
                raise ValueError(f"skills[{i}] ({skill.id}): the id is used twice")
            seen.add(skill.id)
            if skill.kind is SkillKind.SHIELD and not skill.parries:
                raise ValueError(f"skills[{i}] ({skill.id}): a shield is for parrying")
            if skill.costs is not None and list(skill.costs) != sorted(skill.costs):
                raise ValueError(f"skills[{i}] ({skill.id}): costs {list(skill.costs)} must not fall from band to band")

    @property
    def cap(self) -> int:
        """Training stops here: "ability cannot be trained past 75%"."""
        return self.band_tops[-1]

    def get(self, skill_id: str) -> Skill | None:
        for skill in self.skills:
            if skill.id == skill_id:
                return skill
        return None

    def band(self, reaching: int) -> int | None:
        """The cost band (0, 1, 2) of a 5% step that brings an ability to ``reaching``; ``None`` past the cap."""
        for i, top in enumerate(self.band_tops):
            if reaching <= top:
                return i
        return None

    def band_label(self, i: int) -> str:
        """``05-25``, ``30-50``, ``55-75``."""
        low = 5 if i == 0 else self.band_tops[i - 1] + 5
        return f"{low:02d}-{self.band_tops[i]:02d}"
