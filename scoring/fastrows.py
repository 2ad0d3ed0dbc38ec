"""Reading rows fast for the one results read (scoring.results) and the adapters' standings reads:
the ORM's SQL, the driver's rows, a JSON column decoded in one call (README, "Speed")."""

from __future__ import annotations

import json

from django.db import connections
from django.db.models import BooleanField, ExpressionWrapper, Q


def is_set(field_name: str):
    """"Is there a timestamp?" worked out in SQL: reading the timestamps would parse 5,000 datetimes
    for nothing. 1/0 on SQLite, True/False on PostgreSQL."""
    return ExpressionWrapper(Q(**{f"{field_name}__isnull": False}), output_field=BooleanField())


def driver_rows(queryset) -> list[tuple]:
    """The queryset's rows as the database driver returns them.

    For a values_list of integers and booleans, Django's per-value converters only call int()
    on what already is one (22,500 calls for 2,500 tables, a quarter of the selector's time);
    the SQL is still the ORM's, so it stays right on SQLite and PostgreSQL.
    """
    sql, params = queryset.query.sql_with_params()
    with connections[queryset.db].cursor() as cursor:
        cursor.execute(sql, params)
        return cursor.fetchall()


_driver_rows = driver_rows  # the name bench.storm and the adapters' callers knew


def json_column(values) -> list:
    """A JSON column's values as driver_rows gives them, decoded. The driver hands them over as
    text on SQLite and on PostgreSQL (Django decodes each row); one array decoded at once is one
    call of the C decoder instead of one per row (6,640 hands at a 500-player three-handed event)."""
    texts = [value if isinstance(value, str) else json.dumps(value) for value in values]
    return json.loads(f"[{','.join(texts)}]")
