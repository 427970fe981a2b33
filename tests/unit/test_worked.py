"""pyengine.worked: a pure function of a table and a value, worked out once per table and
value, and never given for another table."""

from __future__ import annotations

from pyengine.worked import MAX_TABLES, WorkedOut


class Table:
    """Unhashable, as the rules tables are (they hold dicts)."""

    __hash__ = None  # type: ignore[assignment]

    def __init__(self, add: int) -> None:
        self.add = add


def test_each_value_is_worked_out_once_per_table_and_given_as_it_was():
    calls = []

    def work(table, key):
        calls.append((table.add, key))
        return (table.add + key,)

    worked = WorkedOut(work)
    one, two = Table(1), Table(10)
    first = worked(one, 5)
    assert first == (6,) and worked(one, 5) is first
    assert worked(two, 5) == (15,)
    assert calls == [(1, 5), (10, 5)]


def test_a_table_made_where_an_old_one_was_is_never_given_the_old_ones_results():
    worked = WorkedOut(lambda table, key: table.add + key)
    for add in range(50):  # tables made and dropped: an id may come back for another table
        assert worked(Table(add), 1) == add + 1
    assert len(worked._kept) <= MAX_TABLES


def test_when_full_it_forgets_and_works_out_again():
    calls = []
    worked = WorkedOut(lambda table, key: calls.append(key) or key, size=3)
    table = Table(0)
    for key in (1, 2, 3, 4, 1):
        worked(table, key)
    assert calls == [1, 2, 3, 4, 1]
