"""`python manage.py check_event SLUG`: recompute an event from its raw hands and say what differs.

Exit status 0 when the stored points, the history and the standings all agree with a
recomputation from scratch (scoring.integrity), 1 when anything differs. Reads only.
"""

from django.core.management.base import BaseCommand, CommandError

from scoring.integrity import event_check
from scoring.models import Hand
from tournaments.management import event_or_error


class Command(BaseCommand):
    help = "Recompute every hand's points and the standings from scratch and report any difference."

    def add_arguments(self, parser):
        parser.add_argument("slug", help="the event's slug, as in its address")

    def handle(self, *args, slug, **options):
        event = event_or_error(slug)
        differences = event_check(event)
        hands = Hand.objects.filter(table__round__event=event).count()
        if not differences:
            self.stdout.write(f"{event.slug}: OK: stored points, history and standings agree with a "
                              f"recomputation from scratch ({hands} hands checked)")
            return
        for difference in differences:
            self.stdout.write(str(difference))
        raise CommandError(f"{event.slug}: {len(differences)} difference(s) found", returncode=1)
