"""The site itself as an app, so that its system checks (config.checks) are registered at start-up."""

from django.apps import AppConfig

from config import checks  # noqa: F401  (registers the checks)


class SiteConfig(AppConfig):
    name = "config"
    label = "site_config"
    verbose_name = "Site"
