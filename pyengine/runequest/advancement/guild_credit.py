"""Guild credit: 100 L x STR from a fighting guild, for a beginning adventurer, and paying it back.

Seed ch. IV "Guild Credit": "1. The training gained through this credit must be paid
for in full. 2. No further formal training of any sort can be taken until this
initial debt is paid off. 3. A candidate may take this credit in actual Lunars, so
that he can buy equipment instead of training. This must be paid back at a rate of
2 for 1, and no further purchases may be made until this debt is paid. 4. An
Adventurer is under no obligation to use all — or any — of his available credit."
A beginning adventurer is one who has not yet been on an adventure (RQ-27).
"""

from __future__ import annotations

import msgspec

from pyengine.errors import IllegalActionError
from pyengine.runequest.sheet.adventurer import Adventurer, GuildCredit
from pyengine.runequest.tables.catalogue import RuneQuestTables
from pyengine.tables import Record
from pyengine.working import Step


def credit_limit(adventurer: Adventurer, tables: RuneQuestTables) -> int:
    """The credit a fighting guild allows: 100 L x STR (fixed when first drawn)."""
    if adventurer.credit is not None:
        return adventurer.credit.limit
    rules = tables.advancement.credit
    return rules.lunars_per_point * adventurer.characteristics[rules.characteristic]


def credit_left(adventurer: Adventurer, tables: RuneQuestTables) -> int:
    """Credit still available (0 once he has been on an adventure)."""
    if adventurer.adventures:
        return 0
    used = adventurer.credit.used if adventurer.credit else 0
    return max(credit_limit(adventurer, tables) - used, 0)


def draw(adventurer: Adventurer, tables: RuneQuestTables, lunars: int, *, cash: bool) -> tuple[GuildCredit, Step]:
    """The credit record after drawing ``lunars`` (for training, or ``cash`` repaid 2 for 1).

    :raises IllegalActionError: not a beginner any more, or more than the credit left.
    """
    rules = tables.advancement.credit
    if adventurer.adventures:
        raise IllegalActionError(
            f"guild credit: only a beginning adventurer (before {adventurer.pronouns.his} first adventure) has credit (RQ-27)"
        )
    left = credit_left(adventurer, tables)
    if lunars > left:
        raise IllegalActionError(f"guild credit: {lunars} L is more than the {left} L of credit left (RQ-27)")
    credit = adventurer.credit or GuildCredit(limit=credit_limit(adventurer, tables))
    owed = lunars * rules.cash_repaid_times if cash else lunars
    after = msgspec.structs.replace(
        credit,
        used=credit.used + lunars,
        owed=credit.owed + owed,
        cash_owed=credit.cash_owed + (owed if cash else 0),
    )
    how = f"as cash, owed {rules.cash_repaid_times} for 1: {owed} L" if cash else f"for training, owed {owed} L"
    step = Step(
        field="money",
        text=f"guild credit {lunars} L {how}; {after.limit - after.used} L of the {after.limit} L left",
        source="runequest/advancement",
        rulings=("RQ-27",),
    )
    return after, step


class CreditChange(Record):
    adventurer: Adventurer
    working: tuple[Step, ...]


def take_cash(adventurer: Adventurer, tables: RuneQuestTables, lunars: int) -> CreditChange:
    """Takes guild credit as Lunars (to buy equipment); owed back 2 for 1.

    :raises IllegalActionError: not a positive amount, not a beginner, or more than the credit left.
    """
    if isinstance(lunars, bool) or not isinstance(lunars, int) or lunars < 1:
        raise IllegalActionError(f"guild credit: {lunars!r} is not an amount of Lunars (1 or more)")
    credit, step = draw(adventurer, tables, lunars, cash=True)
    after = msgspec.structs.replace(adventurer, credit=credit, money=adventurer.money + lunars)
    return CreditChange(adventurer=after, working=(step,))


def repay(adventurer: Adventurer, tables: RuneQuestTables, lunars: int) -> CreditChange:
    """Repays the guild from the money carried, then savings; the cash debt is paid first (RQ-27).

    :raises IllegalActionError: nothing owed, more than is owed, or not enough money.
    """
    credit = adventurer.credit
    if credit is None or not credit.owed:
        raise IllegalActionError("repay: nothing is owed to a guild")
    if isinstance(lunars, bool) or not isinstance(lunars, int) or not 1 <= lunars <= credit.owed:
        raise IllegalActionError(f"repay: {lunars!r} is not an amount from 1 to the {credit.owed} L owed")
    funds = adventurer.money + adventurer.savings
    if lunars > funds:
        raise IllegalActionError(f"repay: {lunars} L, but there are only {funds} L")
    from_money = min(lunars, adventurer.money)
    cash_paid = min(lunars, credit.cash_owed)
    after_credit = msgspec.structs.replace(credit, owed=credit.owed - lunars, cash_owed=credit.cash_owed - cash_paid)
    after = msgspec.structs.replace(
        adventurer,
        credit=after_credit,
        money=adventurer.money - from_money,
        savings=adventurer.savings - (lunars - from_money),
    )
    step = Step(
        field="money",
        text=f"repaid {lunars} L to the guild ({cash_paid} L of it cash debt); {after_credit.owed} L still owed",
        rulings=("RQ-27",),
    )
    return CreditChange(adventurer=after, working=(step,))
