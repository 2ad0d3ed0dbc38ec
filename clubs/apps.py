from django.apps import AppConfig
from django.utils.translation import pgettext_lazy


class ClubsConfig(AppConfig):
    name = "clubs"
    verbose_name = pgettext_lazy("the clubs of the site", "Clubs")  # not the suit
