"""A fight's results written to the saved adventurers who fought in it: :func:`plan_write_back`,
then, once the game master has seen it, :func:`apply_write_back`.

Only combatants built from a saved sheet (``Combatant.character``: the record's id, set by
:func:`~pyengine.runequest.melee.build.combatant_from_sheet` through the fight page's "Who") are
written; a quick stat block is written nowhere. For each, the plan says in words what will change
and holds the new record:

* each new wound as an injury (location, points, what caused it, the fight and round), and a
  weapon left stuck in it and whose; his condition and the clocks still running;
* his weapons' and shields' damage in the fight, and those that broke;
* the missiles he shot, off the missiles his sheet counts (RQ-105);
* the experience marks for the weapons, shields and hands he used with success and for Defense that
  saved him (:func:`~pyengine.runequest.melee.experience.field_uses`), kept on his record for the
  scenario, each once (:func:`~pyengine.runequest.campaign.scenario.marks_kept`, RQ-134). Nothing
  is rolled here: the checks are rolled when the game master ends the scenario
  (:func:`~pyengine.runequest.campaign.scenario.end_scenario`). A fight whose checks an app before
  0.4.0 rolled at its write-back (its ``Written.experience``, read by :func:`experience_rolled`)
  stays rolled and leaves no marks (RQ-136).

What the fight did is what changed between the state it started from — or the round of it last
written back — and its last round (RQ-104): a fight that started from his current state (a
wounded man came in wounded) ends in his new wounds, never counting the old ones twice. The plan
records the fight's id and round in his ``current.fights``; planning the same fight again at the
same round is a no-op (the plan says it was written already), and applying a plan to records
that have changed since it was made is refused.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence

import msgspec

from pyengine.dice import Dice
from pyengine.errors import RulesError
from pyengine.runequest.advancement.experience import ExperienceCheck
from pyengine.runequest.campaign.current import DEFENSE_MARK, MAX_FIGHTS, Current, Injury, StuckWeapon, Written
from pyengine.runequest.campaign.entering import sheet_key
from pyengine.runequest.campaign.health import vitals
from pyengine.runequest.campaign.injuries import described, settled
from pyengine.runequest.campaign.scenario import SOURCE, mark_of, marks_kept
from pyengine.runequest.combat.wounds import worse
from pyengine.runequest.healing.bodies import body_changes, wounds_of
from pyengine.runequest.healing.injury import take_wound
from pyengine.runequest.healing.model import DAMAGE_SECTION, Wounds
from pyengine.runequest.healing.standing import condition_steps, settle
from pyengine.runequest.melee.experience import field_uses
from pyengine.runequest.melee.model import Body, Combatant, Fight, FightState, start
from pyengine.runequest.melee.round import RoundResult
from pyengine.runequest.pronouns import THEY, Pronouns
from pyengine.runequest.sheet.adventurer import Adventurer
from pyengine.runequest.sheet.weapon_words import mark_words
from pyengine.runequest.vocabulary import LOCATION_KEYS
from pyengine.tables import Record
from pyengine.working import Step

#: What damage the fight's log does not account for is said to be.
NOT_LOGGED = "wounds in this fight not in its log"


class AdventurerPlan(Record):
    """What one saved adventurer's record becomes."""

    character: str
    """The record's id."""
    name: str
    """His name in the fight."""
    before: Adventurer
    after: Adventurer
    injuries: tuple[Injury, ...]
    """The wounds this fight adds, each its own entry."""
    changes: tuple[Step, ...]
    """Everything that changes, in words."""
    checks: tuple[ExperienceCheck, ...] = ()
    """Always empty since 0.4.0: a write-back rolls nothing (the scenario's end does, RQ-134)."""
    written: bool = False
    """Nothing to write: the fight is on his sheet up to this round already."""


class WriteBack(Record):
    """A fight's results for each saved adventurer in it, before they are written."""

    fight: str
    """The fight's id."""
    round: int
    """The last round written."""
    plans: tuple[AdventurerPlan, ...]
    left_out: tuple[str, ...] = ()
    """Combatants not written, and why, in words."""

    @property
    def records(self) -> dict[str, Adventurer]:
        """The new records by id (those with something to write)."""
        return {p.character: p.after for p in self.plans if not p.written}


def plan_write_back(fight: Fight, rounds: Sequence[RoundResult], records: Mapping[str, Adventurer], tables, *,
                    fight_id: str, label: str = "", dice: Dice | None = None, experience: bool = True,
                    checked: Collection[str] = ()) -> WriteBack:
    """What the fight (its combatants and the rounds resolved so far) writes to each saved
    adventurer in it; ``records``: his record by id, as it is now. ``label`` names the fight in
    his injuries (its id when empty); ``experience``: keep the experience marks on the records
    (not for the combatants named in ``checked``, whose checks a page before 0.4.0 rolled
    already). Nothing is rolled (RQ-134): ``dice`` is not used, and is taken so that callers
    written for the rolls at write-back keep working.

    :raises RulesError: a fight id that is empty or too long.
    """
    if not 1 <= len(fight_id) <= 80:
        raise RulesError(f"fight: {fight_id!r} is not a fight's id (1 to 80 characters)", field="fight")
    rounds = list(rounds)  # each round read once (kept packed, a round is decoded at each reading)
    states = [start(fight), *(r.state for r in rounds)]
    last = len(rounds)
    plans: list[AdventurerPlan] = []
    left_out: list[str] = []
    seen: set[str] = set()
    for c in fight.combatants:
        if not c.character:
            left_out.append(f"{c.name}: a quick stat block, written nowhere")
            continue
        record = records.get(c.character)
        if record is None:
            left_out.append(f"{c.name}: no saved sheet of this fighter is on this device")
            continue
        if c.character in seen:
            left_out.append(f"{c.name}: the same saved sheet as another fighter here; written once")
            continue
        seen.add(c.character)
        plans.append(_plan(c, record, states, rounds, last, tables, fight_id=fight_id, label=label or fight_id,
                           experience=experience and c.name not in checked))
    return WriteBack(fight=fight_id, round=last, plans=tuple(plans), left_out=tuple(left_out))


def apply_write_back(plan: WriteBack, records: Mapping[str, Adventurer] | None = None) -> dict[str, Adventurer]:
    """The new records the plan writes, by id. Given the ``records`` as they are now, a record
    changed since the plan was made (or already carrying this fight) is refused.

    :raises RulesError: a record changed since (``field``: its id).
    """
    out: dict[str, Adventurer] = {}
    for p in plan.plans:
        if p.written:
            continue
        if records is not None:
            now = records.get(p.character)
            done = now.current.written(plan.fight) if now is not None else None
            if done is not None and done.round >= plan.round:
                raise RulesError(f"{p.name}: round {done.round} of this fight is on {now.pronouns.his} sheet already",
                                 field=p.character)
            if now != p.before:
                who = (now or p.before).pronouns
                raise RulesError(f"{p.name}: {who.his} sheet changed since these results were worked out; work them out again",
                                 field=p.character)
        out[p.character] = p.after
    return out


def experience_rolled(adventurer: Adventurer, fight_id: str) -> bool:
    """Whether his record says this fight's experience checks were rolled at its write-back, as
    apps before 0.4.0 did (RQ-104): they stay rolled, and the fight leaves no marks (RQ-136)."""
    done = adventurer.current.written(fight_id)
    return done is not None and done.experience


def fight_marks(c: Combatant, body: Body) -> list[str]:
    """The experience marks ``body`` (his body in the fight) carries, as his record keeps them (RQ-134)."""
    uses, saved = field_uses(c, body)
    return [*(mark_of(u) for u in uses), *([DEFENSE_MARK] if saved else [])]


def _plan(c: Combatant, record: Adventurer, states: list[FightState], rounds: Sequence[RoundResult], last: int,
          tables, *, fight_id: str, label: str, experience: bool) -> AdventurerPlan:
    current, pronouns = record.current, record.pronouns  # the words speak of him as his record says (RQ-145)
    done = current.written(fight_id)
    since = done.round if done is not None else 0
    if since >= last:
        said = f"this fight is on {pronouns.his} sheet already, up to round {since}" if since else "no round of this fight yet"
        return AdventurerPlan(character=c.character, name=c.name, before=record, after=record, injuries=(),
                              changes=(Step(field="fights", text=said, rulings=("RQ-104",)),), written=True)
    base, final = states[since].bodies[c.name], states[last].bodies[c.name]
    steps: list[Step] = []
    new, owners = _injuries(c, rounds[since:last], label, since)
    wounds, steps_w = _wounds(c, current.wounds, base, final, new, pronouns)
    steps.extend(steps_w)
    _mark_stuck(new, owners, base, final)
    injuries, healed = settled((*current.injuries, *new), wounds, cause=NOT_LOGGED)
    injuries, wounds = _stuck_fits(injuries, wounds)
    steps.extend(Step(field="injuries", text=f"new wound: {described(i)}", source=DAMAGE_SECTION) for i in new)
    steps.extend(healed)
    steps.extend(condition_steps(c, current.wounds, wounds))
    damage, broken, steps_k = _weapons(c, current, base, final)
    steps.extend(steps_k)
    ammunition, steps_a = _missiles(c, current, rounds[since:last], pronouns)
    steps.extend(steps_a)
    fights = [w for w in current.fights if w.fight != fight_id]
    rolled_before = experience_rolled(record, fight_id)
    written = Written(fight=fight_id, round=last, experience=rolled_before)
    marks = current.marks
    new_marks = [m for m in fight_marks(c, final) if m not in fight_marks(c, base)]
    if rolled_before and new_marks:
        steps.append(Step(field="marks", text="experience for this fight was rolled already, when it was written "
                          "back: no marks kept", rulings=("RQ-136",)))
    elif experience and new_marks:
        kept, added = marks_kept(current, new_marks)
        marks = kept.marks
        steps.extend(Step(field="marks", text=f"experience mark kept for the scenario's end: {mark_words(tables, m)}", source=SOURCE,
                          rulings=("RQ-134",)) for m in added)
        steps.extend(Step(field="marks", text=f"experience mark already kept this scenario: {mark_words(tables, m)}", source=SOURCE,
                          rulings=("RQ-134",)) for m in new_marks if m not in added)
    after = msgspec.structs.replace(record, current=Current(
        wounds=wounds, injuries=injuries, ammunition=ammunition, weapon_damage=damage, broken=broken,
        spent=current.spent, fights=(*fights, written)[-MAX_FIGHTS:], marks=marks))
    before_notes = set(vitals(current, c, pronouns).notes)
    steps.extend(Step(field="wounds", text=n, source=DAMAGE_SECTION, rulings=("RQ-53",))
                 for n in vitals(after.current, c, pronouns).notes if n not in before_notes)
    if len(steps) == 0:
        steps.append(Step(field="fights", text=f"nothing changed for {pronouns.him} in this fight"))
    return AdventurerPlan(character=c.character, name=c.name, before=record, after=after, injuries=tuple(new),
                          changes=tuple(steps))


def _victim(event) -> str:
    """Who a logged wound is to: the blow's target, or (moving with a weapon in him) himself."""
    return event.target or event.who


def _injuries(c: Combatant, rounds: Sequence[RoundResult], label: str, since: int) -> tuple[list[Injury], list[str]]:
    """Each wound the log shows him taking in these rounds, and who dealt each."""
    new: list[Injury] = []
    owners: list[str] = []
    for n, result in enumerate(rounds, start=since + 1):
        for e in result.events:
            w = e.wound
            if w is None or _victim(e) != c.name:
                continue
            points = min(w.after, 999) - min(w.before, 999)
            if points <= 0:
                continue
            new.append(Injury(location=LOCATION_KEYS[w.location], points=points, cause=e.what[:200], fight=label[:80],
                              round=min(n, 10_000)))
            owners.append(e.who)
    return new, owners


def _wounds(c: Combatant, now: Wounds, base: Body, final: Body, new: list[Injury],
            pronouns: Pronouns = THEY) -> tuple[Wounds, list[Step]]:
    """His wounds after the fight: the fight's own end when it started from his wounds as they are
    on his sheet; else the fight's new wounds taken onto them, blow by blow."""
    start_w, end_w = wounds_of(c, base), wounds_of(c, final)
    if _same(start_w, now):
        kept = set(now.impaled) - set(start_w.impaled)
        ended = msgspec.structs.replace(end_w, resting=now.resting,
                                        impaled=tuple(dict.fromkeys((*end_w.impaled, *sorted(kept)))))
        settled_w = settle(c, ended)
        return msgspec.structs.replace(settled_w, condition=worse(settled_w.condition, end_w.condition)), []
    steps = [Step(field="wounds", text=f"{pronouns.his} sheet's wounds are not those this fight started from: the fight's wounds "
                  "are added to them, blow by blow", source=DAMAGE_SECTION, rulings=("RQ-104",))]
    wounds = now
    for injury in new:
        wounds, _ = take_wound(c, wounds, injury.location, injury.points)
    impaled = {s.location for s in final.stuck_in} - {s.location for s in base.stuck_in}
    if impaled:
        wounds = msgspec.structs.replace(wounds, impaled=tuple(dict.fromkeys((*wounds.impaled, *sorted(impaled)))))
    return wounds, steps


def _same(a: Wounds, b: Wounds) -> bool:
    """The same wounds as a fight's body carries them."""
    def carried(w: Wounds) -> dict:
        return {**body_changes(w), "wounds": {k: v for k, v in w.wounds.items() if v}}

    return carried(a) == carried(b)


def _mark_stuck(new: list[Injury], owners: list[str], base: Body, final: Body) -> None:
    """A weapon left in him at the end marks the newest wound its owner gave at that location."""
    for s in final.stuck_in:
        if s in base.stuck_in:
            continue
        for k in range(len(new) - 1, -1, -1):
            if new[k].location == s.location and owners[k] == s.owner and new[k].stuck is None:
                new[k] = msgspec.structs.replace(new[k], stuck=StuckWeapon(weapon=s.weapon[:80], owner=s.owner))
                break


def _stuck_fits(injuries: tuple[Injury, ...], wounds: Wounds) -> tuple[tuple[Injury, ...], Wounds]:
    """Every impaled location with an injury saying what is in it, and no other: a weapon whose
    wound the log does not show marks the newest injury there, or (none there) is let go."""
    out = list(injuries)
    impaled = []
    for key in wounds.impaled:
        at = [n for n, i in enumerate(out) if i.location == key]
        if not at:
            continue
        if not any(out[n].stuck is not None for n in at):
            out[at[-1]] = msgspec.structs.replace(out[at[-1]], stuck=StuckWeapon(weapon="a weapon"))
        impaled.append(key)
    out = [i if i.stuck is None or i.location in impaled else msgspec.structs.replace(i, stuck=None) for i in out]
    return tuple(out), msgspec.structs.replace(wounds, impaled=tuple(impaled))


def _weapons(c: Combatant, current: Current, base: Body, final: Body) -> tuple[dict, tuple, list[Step]]:
    """His weapons' and shields' damage after the fight (by sheet key), the broken ones, and words."""
    damage = dict(current.weapon_damage)
    broken = list(current.broken)
    steps: list[Step] = []
    for arm in c.arms:
        key = sheet_key(arm)
        if not key:
            continue
        taken = final.weapon_damage.get(arm.name, 0) - base.weapon_damage.get(arm.name, 0)
        if taken > 0:
            had = damage.get(key, 0)
            damage[key] = min(had + taken, 999)
            steps.append(Step(field="weapon_damage", text=f"{arm.name}: {taken} damage in this fight ({had} → "
                              f"{damage[key]})", source="ch. IV, Weapon Damage Absorption", rulings=("RQ-102",),
                              value=damage[key]))
        if arm.name in final.broken and arm.name not in base.broken and key not in broken:
            broken.append(key)
            steps.append(Step(field="broken", text=f"{arm.name}: broken in this fight",
                              source="ch. IV, Weapon Damage Absorption", rulings=("RQ-102",)))
    return damage, tuple(broken), steps


def _missiles(c: Combatant, current: Current, rounds: Sequence[RoundResult],
              pronouns: Pronouns = THEY) -> tuple[dict, list[Step]]:
    """Missiles left after the shots these rounds logged (a shot rolled is a missile gone, RQ-105)."""
    missiles = sorted((a for a in c.arms if a.missile and sheet_key(a)), key=lambda a: -len(a.name))
    shots: dict[str, int] = {}
    for result in rounds:
        for e in result.events:
            if e.kind != "shoot" or e.who != c.name or e.exchange is None:
                continue
            arm = next((a for a in missiles if e.what.endswith(f" with the {a.name}")), None)
            if arm is not None:
                shots[arm.name] = shots.get(arm.name, 0) + 1
    ammunition = dict(current.ammunition)
    steps: list[Step] = []
    for arm in missiles:
        n = shots.get(arm.name, 0)
        if not n:
            continue
        key = sheet_key(arm)
        shot = f"{arm.name}: {n} shot{'s' if n != 1 else ''}"
        if key not in ammunition:
            steps.append(Step(field="ammunition", text=f"{shot} ({pronouns.his} sheet does not count its missiles)", rulings=("RQ-105",)))
            continue
        had = ammunition[key]
        ammunition[key] = max(had - n, 0)
        short = f"; only {had} were counted" if n > had else ""
        steps.append(Step(field="ammunition", text=f"{shot}: {had} → {ammunition[key]} left{short}", rulings=("RQ-105",),
                          value=ammunition[key]))
    return ammunition, steps
