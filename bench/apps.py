"""The benchmark as a Django app, so that `manage.py bench` is found; it has no models."""

from django.apps import AppConfig


class BenchConfig(AppConfig):
    name = "bench"
    verbose_name = "Benchmark"
