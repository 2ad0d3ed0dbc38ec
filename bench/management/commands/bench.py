"""`python manage.py bench`: parse the benchmark's flags and hand them to bench.runner (docs/performance.md)."""

from django.core.management.base import BaseCommand

from bench import runner


class Command(BaseCommand):
    help = "Measure the site's speed figures on a complete 500-partnership event (docs/performance.md)."

    def add_arguments(self, parser):
        runner.add_arguments(parser)

    def handle(self, *args, **options):
        runner.run(options, self.stdout)
