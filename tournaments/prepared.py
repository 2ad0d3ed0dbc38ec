"""The reads and writes a save runs on every request, their SQL compiled once.

Compiling a query is most of what the ORM spends on a small read: 0.72 of the 0.83 ms of CPU an event
read by its key cost in process (docs/performance.md, issue 27). A `Prepared` read asks the ORM for
its SQL once per database and per set of lookups, with stand-in values, and remembers where each
value goes; every later read runs that SQL through `Model.objects.raw` (Django's public API: the
same instances, the same converters, the same database). The SQL is still the ORM's, so it stays right
on SQLite and PostgreSQL, `select_for_update` included. `update_row` and `add_to` are the save's two
UPDATEs of one row by its key, written once with the database's own quoting, each value made ready
by its field as the ORM's update() does.
"""

from __future__ import annotations

from collections.abc import Callable

from django.db import connections, models, router

# Stand-in values, one per lookup, that no real key or token takes.
_NUMBER, _TEXT = -7_310_000_000, "\x1fprepared-"


class Prepared:
    """One read: `build(**lookup)` gives the queryset (of one model, no select_related) for those
    lookups; `rows(**lookup)` runs it. Lookup values are keys, tokens or model instances (their key)."""

    def __init__(self, model: type[models.Model], build: Callable[..., models.QuerySet]) -> None:
        self.model, self.build = model, build
        self._plans: dict[tuple, tuple[str, tuple]] = {}

    def rows(self, **lookup) -> list[models.Model]:
        values = {name: value.pk if isinstance(value, models.Model) else value for name, value in lookup.items()}
        alias = router.db_for_read(self.model)
        key = (alias, tuple(sorted(values)))
        plan = self._plans.get(key)
        if plan is None:
            plan = self._plans[key] = self._plan(alias, values)
        sql, slots = plan
        params = [values[slot[1]] if slot[0] else slot[1] for slot in slots]
        return list(self.model.objects.db_manager(alias).raw(sql, params))

    def _plan(self, alias: str, values: dict) -> tuple[str, tuple]:
        """The SQL with stand-ins, and for each of its parameters (True, lookup name) or (False, constant)."""
        stand_ins = {name: (f"{_TEXT}{index}" if isinstance(value, str) else _NUMBER - index)
                     for index, (name, value) in enumerate(sorted(values.items()))}
        queryset = self.build(**stand_ins).using(alias)
        sql, params = queryset.query.sql_with_params()
        names = {value: name for name, value in stand_ins.items()}
        slots = tuple((True, names[param]) if _is_stand_in(param, names) else (False, param) for param in params)
        missing = set(stand_ins) - {name for known, name in slots if known}
        if missing:
            raise ValueError(f"the prepared read of {self.model.__name__} does not use {sorted(missing)}")
        return sql, slots


def _is_stand_in(param, names: dict) -> bool:
    return type(param) in (int, str) and param in names


def update_row(model: type[models.Model], pk, **values) -> int:
    """`UPDATE ... SET <values> WHERE pk = <pk>`, as `model.objects.filter(pk=pk).update(**values)` writes
    it (each value made ready for the database by its field, `Field.get_db_prep_save`), its SQL written
    once per database and set of columns. Returns the rows updated (0 or 1)."""
    alias = router.db_for_write(model)
    connection = connections[alias]
    names = tuple(values)
    key = (model, alias, names)
    sql = _UPDATES.get(key)
    if sql is None:
        quote, meta = connection.ops.quote_name, model._meta
        columns = ", ".join(f"{quote(meta.get_field(name).column)} = %s" for name in names)
        sql = _UPDATES[key] = f"UPDATE {quote(meta.db_table)} SET {columns} WHERE {quote(meta.pk.column)} = %s"
    meta = model._meta
    params = [meta.get_field(name).get_db_prep_save(value, connection=connection) for name, value in values.items()]
    with connection.cursor() as cursor:
        cursor.execute(sql, [*params, pk])
        return cursor.rowcount


def add_to(model: type[models.Model], pk, name: str, amount: int = 1) -> int:
    """`UPDATE ... SET <name> = <name> + amount WHERE pk = <pk>` (an F() update), its SQL written once."""
    alias = router.db_for_write(model)
    connection = connections[alias]
    key = (model, alias, name, "+")
    sql = _UPDATES.get(key)
    if sql is None:
        quote, meta = connection.ops.quote_name, model._meta
        column = quote(meta.get_field(name).column)
        sql = _UPDATES[key] = (f"UPDATE {quote(meta.db_table)} SET {column} = {column} + %s "
                               f"WHERE {quote(meta.pk.column)} = %s")
    with connection.cursor() as cursor:
        cursor.execute(sql, [amount, pk])
        return cursor.rowcount


_UPDATES: dict[tuple, str] = {}
