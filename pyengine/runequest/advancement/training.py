"""Training: what a course costs and takes, buying it, and the weeks it runs.

Weapons and shields (seed ch. IV "Training", RQ-25):

* below 25% attack, the fighting bands train "up to a flat 25% ability", a 5% step at
  a time at the 05-25 price, attack and parry together, neither past 25 — a minus
  from unfavourable characteristics is "trained away" first, at the same price;
* from 25% attack, one 5% step "at the 30-50% rate", raising attack and parry
  together; a step is priced in the band of the highest ability it reaches;
* a rise above 25% is the one training step an ability may take between uses in the
  field; after it, no more until it has been used successfully there
  (:func:`pyengine.runequest.advancement.experience.after_adventure` records the use). Rising to
  25% is never limited (the mace example: attack to 30 takes parry from 20 to 25
  "for the same fee", and parry may then be trained to 30);
* never past 75%; skills whose costs are not in the rules we have cannot be bought.

Characteristics: STR and DEX 1000 L a point, CON 2000 L, up to their caps
(:func:`pyengine.runequest.sheet.characteristics.training_limit`).

Money: "each 100 L pays for a week of training at 2 hours per day", at most 8 hours a
day; a CHA over 12 takes 5% a point off a skill's price, not its time (RQ-26).
"Training must be continuous": a course paid for runs week by week
(:func:`train_weeks`) and gives its gain when complete; a break loses it (RQ-28).
While anything is owed to a guild, training is bought only on that credit, and only
by a beginner (RQ-27).

A quote is pure: the page shows it (cost, weeks, before and after, or why not) and
:func:`start_training` pays for it.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

import msgspec

from pyengine.errors import IllegalActionError
from pyengine.runequest.advancement.guild_credit import credit_left, draw
from pyengine.runequest.sheet.abilities import natural_abilities
from pyengine.runequest.sheet.adventurer import Adventurer, Course, WeaponSkill
from pyengine.runequest.sheet.characteristics import training_limit
from pyengine.runequest.sheet.weapons import own_abilities
from pyengine.runequest.tables.catalogue import RuneQuestTables
from pyengine.runequest.tables.enc import show_enc
from pyengine.runequest.tables.shields import Shield
from pyengine.runequest.tables.weapons import MissileWeapon
from pyengine.runequest.vocabulary import Characteristic, Hand
from pyengine.tables import Record
from pyengine.working import Step


class TrainingQuote(Record):
    """What a course would give, cost and take — or why it cannot be had (:attr:`refusal`)."""

    target: str
    """A weapon skill's key (``broadsword``, ``dagger@left``) or a characteristic (``STR``)."""
    weapon: str | None
    hand: str | None
    characteristic: str | None
    steps: int
    """5% steps (weapons) or points (characteristics) bought."""
    attack_before: int | None = None
    attack_after: int | None = None
    parry_before: int | None = None
    parry_after: int | None = None
    value_before: int | None = None
    """A characteristic's score before and after."""
    value_after: int | None = None
    band: str = ""
    """The cost band read: ``05-25``, ``30-50``, ``55-75`` (weapons)."""
    lunars_full: int = 0
    """The price before any CHA discount (it sets the time)."""
    discount: int = 0
    """CHA discount in % (RQ-26)."""
    lunars: int = 0
    """What is paid."""
    session_weeks: int = 0
    """Weeks at 2 hours a day."""
    hours_per_day: int = 2
    weeks: str = "0"
    """Weeks at :attr:`hours_per_day`, as a fraction: ``5/2``."""
    weeks_shown: str = "0"
    """The same for people: ``2½``."""
    on_credit: bool = False
    refusal: str | None = None
    """Why it cannot be bought (``None``: it can)."""
    working: tuple[Step, ...] = ()


class TrainingChange(Record):
    """An adventurer after a training action, and what happened."""

    adventurer: Adventurer
    completed: tuple[Course, ...] = ()
    working: tuple[Step, ...] = ()


def cha_discount(tables: RuneQuestTables, cha: int) -> int:
    """The discount in %: 5 per point of CHA over 12 (CHA 15 -> 15)."""
    rules = tables.advancement.charisma
    return max(cha - rules.above, 0) * rules.discount_per_point


def discounted(lunars: int, percent: int) -> int:
    """A price less ``percent``%, rounded up to whole Lunars (800 L at 15% -> 680 L)."""
    return -(-(lunars * (100 - percent)) // 100)


def _weeks(tables: RuneQuestTables, session_weeks: int, hours: int) -> Fraction:
    rules = tables.advancement.training
    return Fraction(session_weeks * rules.session_hours, hours)


def _check_hours(tables: RuneQuestTables, adventurer: Adventurer, hours: int) -> str | None:
    rules = tables.advancement.training
    if (
        isinstance(hours, bool)
        or not isinstance(hours, int)
        or hours < rules.session_hours
        or hours % rules.session_hours
    ):
        return f"{hours!r} hours a day is not a whole number of {rules.session_hours}-hour sessions"
    busy = sum(c.hours_per_day for c in adventurer.courses)
    if busy + hours > rules.max_hours_per_day:
        return (
            f"{busy} hours a day are already spent training; no more than {rules.max_hours_per_day} hours a day "
            f"may be devoted to training"
        )
    return None


def _check_payment(adventurer: Adventurer, tables: RuneQuestTables, lunars: int, on_credit: bool) -> str | None:
    owed = adventurer.credit.owed if adventurer.credit else 0
    if on_credit:
        if adventurer.adventures:
            return f"guild credit is only for a beginning adventurer, before {adventurer.pronouns.his} first adventure (RQ-27)"
        left = credit_left(adventurer, tables)
        if lunars > left:
            return f"it costs {lunars} L and only {left} L of guild credit is left (RQ-27)"
        return None
    if owed:
        return f"{owed} L is still owed to the guild: no further training until it is paid (RQ-27)"
    funds = adventurer.money + adventurer.savings
    if lunars > funds:
        return f"it costs {lunars} L and there are only {funds} L"
    return None


def _in_progress(adventurer: Adventurer, target: str) -> str | None:
    for course in adventurer.courses:
        if course.target == target:
            return "a course in it is already under way"
    return None


def _own_abilities(
    adventurer: Adventurer, tables: RuneQuestTables, entry: WeaponSkill
) -> tuple[int, int | None, str, bool]:
    """Attack and parry of an entry before the similar-weapon rule, the skill's name, and whether parry trains."""
    row = tables.weapon(entry.weapon)
    if row is None:
        raise IllegalActionError(f"training: {entry.weapon!r} is not a weapon or shield in the tables")
    natural, _ = natural_abilities(tables.natural_abilities, adventurer.characteristics)
    own = own_abilities(tables, entry, row, natural)
    projectile = isinstance(row, MissileWeapon) and not row.thrown
    parry_trains = own.parry is not None and not projectile
    return own.attack if own.attack is not None else 0, own.parry, tables.skill(row.skill).name, parry_trains


def quote_weapon_training(
    adventurer: Adventurer,
    tables: RuneQuestTables,
    weapon: str,
    hand: Hand | str = Hand.RIGHT,
    *,
    steps: int | None = None,
    hours_per_day: int = 2,
    on_credit: bool = False,
) -> TrainingQuote:
    """A course in a weapon or shield (in one hand): what it gives, costs and takes, or why not.

    ``steps``: 5% steps of a flat course to 25% (default: enough for attack and parry
    both to reach 25); above 25% a course is always one step.

    :raises IllegalActionError: not a weapon or shield in the tables, or not a hand.
    """
    hand = Hand(hand)
    index = adventurer.weapon_index(weapon, hand)
    entry = adventurer.weapons[index] if index is not None else WeaponSkill(weapon=weapon, hand=hand)
    attack, parry, skill_name, parry_trains = _own_abilities(adventurer, tables, entry)
    row = tables.weapon(weapon)
    assert row is not None
    skill = tables.skill(row.skill)
    rules = tables.advancement.training
    t = tables.skills
    base = dict(
        target=entry.key,
        weapon=weapon,
        hand=hand.value,
        characteristic=None,
        hours_per_day=hours_per_day,
        on_credit=on_credit,
        attack_before=attack,
        parry_before=parry if parry_trains else None,
    )
    working: list[Step] = []
    field = f"weapons[{index}]" if index is not None else f"training.{entry.key}"

    def refuse(reason: str) -> TrainingQuote:
        return TrainingQuote(steps=0, refusal=f"{row.name}: {reason}", working=tuple(working), **base)  # type: ignore[arg-type]

    if skill.costs is None:
        why = "shields improve by experience only here (RQ-34)" if isinstance(row, Shield) else "(RQ-15)"
        return refuse(f"training costs for {skill_name} are not in the rules we have; {why}")
    step = rules.step
    flat = rules.flat_to
    if attack < flat:
        # The flat course: attack and parry rise together, neither past 25; the minus first (RQ-25).
        # Up to 25 is not limited by field use: only a rise above 25 counts as the training between uses.
        attack_need = flat - attack
        parry_low = parry_trains and parry is not None and parry < flat
        parry_need = flat - parry if parry_low and parry is not None else 0
        most = -(-max(attack_need, parry_need) // step)
        n = most if steps is None else steps
        if isinstance(n, bool) or not isinstance(n, int) or not 1 <= n <= most:
            return refuse(f"{n!r} steps: the flat course to {flat}% takes 1 to {most} steps of {step}%")
        attack_after = min(attack + n * step, flat)
        parry_after = (
            (min(parry + n * step, flat) if parry_low else parry) if parry_trains and parry is not None else None
        )
        band_index = 0
        working.append(
            Step(
                field=field,
                text=f"attack {attack} is below {flat}: the bands train to a flat {flat}%, {n} step(s) of {step}%, "
                f"attack and parry together, neither past {flat} (a minus is trained away first)",
                source="runequest/advancement",
                rulings=("RQ-25",),
            )
        )
    else:
        if steps not in (None, 1):
            return refuse(f"{steps!r} steps: from {flat}% a course is one step of {step}% between uses in the field")
        n = 1
        cap = t.cap
        raise_attack = not entry.attack_trained and attack + step <= cap
        raise_parry = parry_trains and parry is not None and not entry.parry_trained and parry + step <= cap
        if not raise_attack and not raise_parry:
            why = []
            if attack + step > cap:
                why.append(f"attack {attack} cannot be trained past {cap}% (only experience)")
            elif entry.attack_trained:
                why.append("attack was trained since it was last used in the field")
            if parry_trains and parry is not None:
                if parry + step > cap:
                    why.append(f"parry {parry} cannot be trained past {cap}%")
                elif entry.parry_trained:
                    why.append("parry was trained since it was last used in the field")
            return refuse("; ".join(why) + " (RQ-25)")
        attack_after = attack + step if raise_attack else attack
        parry_after = (parry + step if raise_parry else parry) if parry_trains else None
        highest = max(attack_after if raise_attack else 0, (parry_after or 0) if raise_parry else 0)
        band_index = t.band(highest)  # type: ignore[assignment]
        which = " and ".join(w for w, r in (("attack", raise_attack), ("parry", raise_parry)) if r)
        working.append(
            Step(
                field=field,
                text=f"one step of {step}%: {which}; priced in the {t.band_label(band_index)} band "
                f"(it reaches {highest})",
                source="runequest/weapon_training",
                rulings=("RQ-25",),
            )
        )
    price = skill.costs[band_index]
    full = price * n
    return _priced(
        adventurer,
        tables,
        base,
        field,
        working,
        steps=n,
        band=t.band_label(band_index),
        price=price,
        full=full,
        discount=cha_discount(tables, adventurer.characteristics.CHA),
        attack_after=attack_after,
        parry_after=parry_after,
        name=row.name,
    )


def _priced(
    adventurer: Adventurer,
    tables: RuneQuestTables,
    base: dict[str, object],
    field: str,
    working: list[Step],
    *,
    steps: int,
    band: str,
    price: int,
    full: int,
    discount: int,
    name: str,
    attack_after: int | None = None,
    parry_after: int | None = None,
    value_after: int | None = None,
) -> TrainingQuote:
    rules = tables.advancement.training
    lunars = discounted(full, discount)
    session_weeks = full // rules.lunars_per_session_week
    hours = base["hours_per_day"]
    each = f"{steps} x {price} L = {full} L" if steps != 1 else f"{full} L"
    if discount:
        working.append(
            Step(
                field=f"{field}.cost",
                text=f"{each}, less {discount}% for CHA {adventurer.characteristics.CHA} "
                f"(5% a point over 12) = {lunars} L; the time is not shortened",
                source="runequest/advancement",
                rulings=("RQ-26",),
            )
        )
    else:
        working.append(Step(field=f"{field}.cost", text=each, source="runequest/advancement"))
    refusal = _check_hours(tables, adventurer, hours)  # type: ignore[arg-type]
    weeks = _weeks(tables, session_weeks, hours) if refusal is None else Fraction(0)  # type: ignore[arg-type]
    if refusal is None:
        working.append(
            Step(
                field=f"{field}.weeks",
                text=f"{full} L / {rules.lunars_per_session_week} L = {session_weeks} weeks at {rules.session_hours} "
                f"hours a day"
                + ("" if hours == rules.session_hours else f"; at {hours} hours a day {show_enc(weeks)} weeks"),
                source="runequest/advancement",
                rulings=("RQ-28",),
            )
        )
    refusal = (
        refusal
        or _in_progress(adventurer, str(base["target"]))
        or _check_payment(adventurer, tables, lunars, bool(base["on_credit"]))
    )
    return TrainingQuote(
        steps=steps, attack_after=attack_after, parry_after=parry_after, value_after=value_after, band=band,
        lunars_full=full, discount=discount, lunars=lunars, session_weeks=session_weeks,
        weeks=str(weeks), weeks_shown=show_enc(weeks),
        refusal=None if refusal is None else f"{name}: {refusal}",
        working=tuple(working),
        **base,  # type: ignore[arg-type]
    )


def quote_characteristic_training(
    adventurer: Adventurer,
    tables: RuneQuestTables,
    which: Characteristic | str,
    *,
    points: int = 1,
    hours_per_day: int = 2,
    on_credit: bool = False,
) -> TrainingQuote:
    """A course raising STR, CON or DEX by ``points``: cost, time, or why not (RQ-24).

    "since STR takes 1000 L to gain one point, it takes 10 game weeks at 2 hours a day,
    or 2½ game weeks at 8 hours a day." No CHA discount: it is for skills (RQ-26).

    :raises IllegalActionError: not a characteristic.
    """
    try:
        which = Characteristic(which)
    except ValueError:
        raise IllegalActionError(f"training: {which!r} is not a characteristic") from None
    limit = training_limit(tables.characteristics, adventurer.characteristics, which)
    current = limit.current
    base = dict(
        target=which.value,
        weapon=None,
        hand=None,
        characteristic=which.value,
        hours_per_day=hours_per_day,
        on_credit=on_credit,
        value_before=current,
    )
    field = f"characteristics.{which.value}"
    working = [Step(field=field, text=limit.reason, source="runequest/characteristics", rulings=("RQ-24",))]
    if limit.limit is None or limit.cost_per_point is None:
        return TrainingQuote(steps=0, refusal=f"{which}: {limit.reason}", working=tuple(working), **base)  # type: ignore[arg-type]
    if isinstance(points, bool) or not isinstance(points, int) or not 1 <= points <= limit.points:
        reason = (
            f"{points!r} points: it can be raised by 1 to {limit.points}"
            if limit.points
            else f"it cannot be raised by training ({limit.reason})"
        )
        return TrainingQuote(steps=0, refusal=f"{which}: {reason}", working=tuple(working), **base)  # type: ignore[arg-type]
    full = points * limit.cost_per_point
    return _priced(
        adventurer,
        tables,
        base,
        field,
        working,
        steps=points,
        band="",
        price=limit.cost_per_point,
        full=full,
        discount=0,
        name=which.value,
        value_after=current + points,
    )


def _requote(adventurer: Adventurer, tables: RuneQuestTables, quote: TrainingQuote) -> TrainingQuote:
    if quote.characteristic is not None:
        return quote_characteristic_training(
            adventurer,
            tables,
            quote.characteristic,
            points=quote.steps or 1,
            hours_per_day=quote.hours_per_day,
            on_credit=quote.on_credit,
        )
    assert quote.weapon is not None and quote.hand is not None
    return quote_weapon_training(
        adventurer,
        tables,
        quote.weapon,
        quote.hand,
        steps=quote.steps or None,
        hours_per_day=quote.hours_per_day,
        on_credit=quote.on_credit,
    )


def start_training(adventurer: Adventurer, tables: RuneQuestTables, quote: TrainingQuote) -> TrainingChange:
    """Pays for a quoted course (money, then savings; or guild credit) and starts it.

    The weapon's abilities count as trained from now (no second course before they
    are used in the field); the gain comes when the course completes (:func:`train_weeks`).

    :raises IllegalActionError: the quote is refused, or no longer fits the adventurer
        (quote again).
    """
    if quote.refusal is not None:
        raise IllegalActionError(quote.refusal)
    if _requote(adventurer, tables, quote) != quote:
        raise IllegalActionError(f"training {quote.target}: the quote no longer fits this adventurer; quote again")
    working = list(quote.working)
    changes: dict[str, object] = {}
    if quote.on_credit:
        credit, step = draw(adventurer, tables, quote.lunars, cash=False)
        changes["credit"] = credit
        working.append(step)
    else:
        from_money = min(quote.lunars, adventurer.money)
        changes["money"] = adventurer.money - from_money
        changes["savings"] = adventurer.savings - (quote.lunars - from_money)
        working.append(Step(field="money", text=f"paid {quote.lunars} L"))
    attack_gain = parry_gain = 0
    if quote.weapon is not None:
        hand = Hand(quote.hand)
        weapons = list(adventurer.weapons)
        index = adventurer.weapon_index(quote.weapon, hand)
        entry = weapons[index] if index is not None else WeaponSkill(weapon=quote.weapon, hand=hand)
        attack_gain = (quote.attack_after or 0) - (quote.attack_before or 0)
        parry_gain = (quote.parry_after or 0) - (quote.parry_before or 0) if quote.parry_before is not None else 0
        # Only a rise above the flat 25% is the one training step between uses in the field (RQ-25).
        flat = tables.advancement.training.flat_to
        entry = msgspec.structs.replace(
            entry,
            attack_trained=entry.attack_trained or (attack_gain > 0 and (quote.attack_after or 0) > flat),
            parry_trained=entry.parry_trained or (parry_gain > 0 and (quote.parry_after or 0) > flat),
        )
        if index is None:
            weapons.append(entry)
        else:
            weapons[index] = entry
        changes["weapons"] = tuple(weapons)
    course = Course(
        target=quote.target,
        attack=attack_gain,
        parry=parry_gain,
        points=(quote.value_after or 0) - (quote.value_before or 0) if quote.characteristic else 0,
        lunars=quote.lunars,
        session_weeks=quote.session_weeks,
        hours_per_day=quote.hours_per_day,
        on_credit=quote.on_credit,
    )
    changes["courses"] = (*adventurer.courses, course)
    working.append(
        Step(field="courses", text=f"{quote.target}: {quote.weeks_shown} weeks at {quote.hours_per_day} hours a day")
    )
    return TrainingChange(adventurer=msgspec.structs.replace(adventurer, **changes), working=tuple(working))


def train_weeks(adventurer: Adventurer, tables: RuneQuestTables, weeks: int = 1) -> TrainingChange:
    """Runs every course for ``weeks`` more weeks; the ones that complete give their gain.

    :raises IllegalActionError: ``weeks`` is not a whole number from 1.
    """
    if isinstance(weeks, bool) or not isinstance(weeks, int) or weeks < 1:
        raise IllegalActionError(f"training: {weeks!r} is not a number of weeks (1 or more)")
    rules = tables.advancement.training
    running: list[Course] = []
    completed: list[Course] = []
    working: list[Step] = []
    adv = adventurer
    for course in adventurer.courses:
        done = course.done + weeks * course.hours_per_day // rules.session_hours
        if done < course.session_weeks:
            running.append(msgspec.structs.replace(course, done=done))
            continue
        completed.append(course)
        adv, step = _complete(adv, course)
        working.append(step)
    adv = msgspec.structs.replace(adv, courses=tuple(running))
    return TrainingChange(adventurer=adv, completed=tuple(completed), working=tuple(working))


def _complete(adventurer: Adventurer, course: Course) -> tuple[Adventurer, Step]:
    if course.points:
        which = Characteristic(course.target)
        value = adventurer.characteristics[which] + course.points
        scores = adventurer.characteristics.with_value(which, value)
        step = Step(field=f"characteristics.{which.value}", text=f"{which} course complete: {which} {value}")
        return msgspec.structs.replace(adventurer, characteristics=scores), step
    weapons = list(adventurer.weapons)
    for i, entry in enumerate(weapons):
        if entry.key == course.target:
            weapons[i] = msgspec.structs.replace(
                entry, attack=entry.attack + course.attack, parry=entry.parry + course.parry
            )
            break
    step = Step(
        field="weapons",
        text=f"{course.target} course complete: attack +{course.attack}%, parry +{course.parry}%",
    )
    return msgspec.structs.replace(adventurer, weapons=tuple(weapons)), step


def break_training(
    adventurer: Adventurer, indexes: Sequence[int] | None = None, why: str = "a break"
) -> TrainingChange:
    """Breaks courses (all, or those at ``indexes``): "Any break forces the Adventurer to start
    over, paying the full cost again from scratch" — the money is lost, no gain, and the
    weapon may be trained again (RQ-28).

    :raises IllegalActionError: an index that is not a course.
    """
    chosen = range(len(adventurer.courses)) if indexes is None else indexes
    for i in chosen:
        if isinstance(i, bool) or not isinstance(i, int) or not 0 <= i < len(adventurer.courses):
            raise IllegalActionError(f"training: {i!r} is not a course under way")
    broken = [adventurer.courses[i] for i in chosen]
    kept = tuple(c for i, c in enumerate(adventurer.courses) if i not in set(chosen))
    weapons = list(adventurer.weapons)
    working = []
    for course in broken:
        for j, entry in enumerate(weapons):
            if entry.key == course.target:
                weapons[j] = msgspec.structs.replace(
                    entry,
                    attack_trained=entry.attack_trained and not course.attack,
                    parry_trained=entry.parry_trained and not course.parry,
                )
        working.append(
            Step(
                field="courses",
                text=f"{course.target}: broken by {why} after {course.done} of {course.session_weeks} session-weeks; "
                f"the {course.lunars} L are lost and it must start again from scratch",
                rulings=("RQ-28",),
            )
        )
    after = msgspec.structs.replace(adventurer, courses=kept, weapons=tuple(weapons))
    return TrainingChange(adventurer=after, working=tuple(working))
