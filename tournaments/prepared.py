"""The reads and writes a save runs on every request, their SQL compiled once.

Compiling a query is most of what the ORM spends on a small read: 0.72 of the 0.83 ms of CPU an event
read by its key cost in process (docs/performance.md, issue 27). A `Prepared` read asks the ORM for
its SQL once per database and per set of lookups, with stand-in values, and remembers where each
value goes, which field each column is and the converters the ORM reads it with; every later read
runs that SQL and makes the instances as the ORM's own iterator does (each value through its
converters, then `Model.from_db`). The SQL is still the ORM's, so it stays right on SQLite and
PostgreSQL, `select_for_update` included (tests/play/test_prepared.py: the same rows, values and
types as the ORM's). `update_row` and `add_to` are the save's two UPDATEs of one row by its key, and
`insert` its two INSERTs (the hand, its history row): written once with the database's own quoting,
each value made ready by its field as the ORM's update() and save() do.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from django.db import connections, models, router, transaction

# Stand-in values, one per lookup, that no real key or token takes.
_NUMBER, _TEXT = -7_310_000_000, "\x1fprepared-"


@dataclass(frozen=True)
class _Plan:
    sql: str
    slots: tuple  # for each parameter: (True, lookup name) or (False, a constant)
    attnames: tuple[str, ...]  # the model's fields, in the order the SQL selects their columns
    converters: dict  # {column: (converters, column expression)}: what the ORM applies to each value read


class Prepared:
    """One read: `build(**lookup)` gives the queryset (of one model, no select_related) for those
    lookups; `rows(**lookup)` runs it. Lookup values are keys, tokens or model instances (their key)."""

    def __init__(self, model: type[models.Model], build: Callable[..., models.QuerySet]) -> None:
        self.model, self.build = model, build
        self._plans: dict[tuple, _Plan] = {}

    def rows(self, **lookup) -> list[models.Model]:
        values = {name: value.pk if isinstance(value, models.Model) else value for name, value in lookup.items()}
        alias = router.db_for_read(self.model)
        key = (alias, tuple(sorted(values)))
        plan = self._plans.get(key)
        if plan is None:
            plan = self._plans[key] = self._plan(alias, values)
        connection = connections[alias]
        with connection.cursor() as cursor:
            cursor.execute(plan.sql, [values[slot[1]] if slot[0] else slot[1] for slot in plan.slots])
            rows = cursor.fetchall()
        # As the ORM makes its instances (ModelIterable): each value through its converters, then from_db.
        made = []
        for row in rows:
            if plan.converters:
                row = list(row)
                for position, (converters, expression) in plan.converters.items():
                    value = row[position]
                    for converter in converters:
                        value = converter(value, expression, connection)
                    row[position] = value
            made.append(self.model.from_db(alias, plan.attnames, row))
        return made

    def _plan(self, alias: str, values: dict) -> _Plan:
        """The SQL with stand-ins, where each lookup's value goes, and how each column is read."""
        stand_ins = {name: (f"{_TEXT}{index}" if isinstance(value, str) else _NUMBER - index)
                     for index, (name, value) in enumerate(sorted(values.items()))}
        compiler = self.build(**stand_ins).using(alias).query.get_compiler(using=alias)
        sql, params = compiler.as_sql()
        names = {value: name for name, value in stand_ins.items()}
        slots = tuple((True, names[param]) if _is_stand_in(param, names) else (False, param) for param in params)
        missing = set(stand_ins) - {name for known, name in slots if known}
        if missing:
            raise ValueError(f"the prepared read of {self.model.__name__} does not use {sorted(missing)}")
        columns = [expression for expression, _, _ in compiler.select]
        if any(getattr(getattr(column, "target", None), "model", None) is not self.model for column in columns):
            raise ValueError(f"the prepared read of {self.model.__name__} selects more than its own columns")
        return _Plan(sql, slots, tuple(column.target.attname for column in columns), compiler.get_converters(columns))


def _is_stand_in(param, names: dict) -> bool:
    return type(param) in (int, str) and param in names


def update_row(model: type[models.Model], pk, **values) -> int:
    """`UPDATE ... SET <values> WHERE pk = <pk>`, as `model.objects.filter(pk=pk).update(**values)` writes
    it (each value made ready for the database by its field, `Field.get_db_prep_save`), its SQL written
    once per database and set of columns. Returns the rows updated (0 or 1)."""
    alias = router.db_for_write(model)
    fields = [model._meta.get_field(name) for name in values]
    params = [field.get_db_prep_save(value, connection=connections[alias])
              for field, value in zip(fields, values.values())]
    return _update(model, alias, pk, tuple(values), lambda quote: ", ".join(
        f"{quote(field.column)} = %s" for field in fields), params)


def add_to(model: type[models.Model], pk, name: str, amount: int = 1) -> int:
    """`UPDATE ... SET <name> = <name> + amount WHERE pk = <pk>` (an F() update), its SQL written once."""
    column = model._meta.get_field(name).column
    return _update(model, router.db_for_write(model), pk, (name, "+"),
                   lambda quote: f"{quote(column)} = {quote(column)} + %s", [amount])


def _update(model, alias: str, pk, shape: tuple, set_clause: Callable, params: list) -> int:
    """One row's UPDATE by its key, its SQL written once per model, database and `shape` (set_clause(quote)
    gives its SET list), run as the ORM's update() runs it: a failure marks the transaction for rollback."""
    connection = connections[alias]
    key = (model, alias, shape)
    sql = _UPDATES.get(key)
    if sql is None:
        quote, meta = connection.ops.quote_name, model._meta
        where = f"WHERE {quote(meta.pk.column)} = %s"
        sql = _UPDATES[key] = f"UPDATE {quote(meta.db_table)} SET {set_clause(quote)} {where}"
    with transaction.mark_for_rollback_on_error(alias), connection.cursor() as cursor:
        cursor.execute(sql, [*params, pk])
        return cursor.rowcount


_UPDATES: dict[tuple, str] = {}


def insert(instance: models.Model) -> models.Model:
    """Write the new `instance` as `Model.save()` writes a new row (each field's `pre_save`, so
    auto_now_add and auto_now stamp it, then `get_db_prep_save`), its SQL written once per database and
    model; sets its key. No model signal is sent: nothing here listens to one. The save's two INSERTs
    (the hand, its history row) go through it."""
    model = type(instance)
    alias = router.db_for_write(model)
    connection = connections[alias]
    meta = model._meta
    key = (model, alias, "insert")
    plan = _INSERTS.get(key)
    if plan is None:
        fields = tuple(field for field in meta.local_concrete_fields if field is not meta.auto_field)
        quote = connection.ops.quote_name
        returning = connection.features.can_return_columns_from_insert
        sql = (f"INSERT INTO {quote(meta.db_table)} ({', '.join(quote(field.column) for field in fields)}) "
               f"VALUES ({', '.join(['%s'] * len(fields))})")
        if returning:
            sql += f" RETURNING {quote(meta.pk.column)}"
        plan = _INSERTS[key] = (sql, fields, returning)
    sql, fields, returning = plan
    params = [field.get_db_prep_save(field.pre_save(instance, True), connection=connection) for field in fields]
    with transaction.mark_for_rollback_on_error(alias), connection.cursor() as cursor:
        cursor.execute(sql, params)
        pk = cursor.fetchone()[0] if returning else connection.ops.last_insert_id(cursor, meta.db_table, meta.pk.column)
    setattr(instance, meta.pk.attname, pk)
    instance._state.adding, instance._state.db = False, alias
    return instance


_INSERTS: dict[tuple, tuple] = {}
