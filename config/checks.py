"""System checks for the site's own settings; `manage.py check --deploy` runs the deploy ones.

Registered when Django loads the "config" app (config.apps). Reads settings only.
"""

from django.conf import settings
from django.core import checks


@checks.register(checks.Tags.security, deploy=True)
def check_proxy_settings(app_configs=None, **kwargs):
    """DJANGO_BEHIND_PROXY (is there a reverse proxy in front?) and DJANGO_PROXY_COUNT (how many
    append to X-Forwarded-For?) must agree. Production settings refuse to start when both are set
    and disagree; this check also reports them, and warns when DJANGO_BEHIND_PROXY is not set.

    - PROXY_COUNT > 0 without a proxy: X-Forwarded-For would be trusted with no proxy to write
      it, so anyone could claim any address and guess passwords without limit.
    - a proxy with PROXY_COUNT = 0: every visitor shares the proxy's address, so one stranger's
      wrong passwords pause a username (and the address limit) for the whole hall.
    """
    count, behind = settings.PROXY_COUNT, settings.BEHIND_PROXY
    if behind is None:
        return [checks.Warning(
            f"DJANGO_BEHIND_PROXY is not set (DJANGO_PROXY_COUNT is {count}): say whether a reverse proxy is in "
            "front, so the login limits key on the visitor's own address.",
            hint="Behind nginx: DJANGO_BEHIND_PROXY=true and DJANGO_PROXY_COUNT=1. Serving directly: "
                 "DJANGO_BEHIND_PROXY=false and DJANGO_PROXY_COUNT=0.",
            id="fivehundred.W001")]
    if count > 0 and not behind:
        return [checks.Error(
            f"DJANGO_PROXY_COUNT is {count} but DJANGO_BEHIND_PROXY is false: X-Forwarded-For would be trusted "
            "with no proxy to set it, and a forged header gives unlimited password guesses.",
            hint="Serving directly, set DJANGO_PROXY_COUNT=0; behind a proxy, DJANGO_BEHIND_PROXY=true.",
            id="fivehundred.E001")]
    if behind and count == 0:
        return [checks.Error(
            "DJANGO_BEHIND_PROXY is true but DJANGO_PROXY_COUNT is 0: every visitor would share the proxy's "
            "address, so anyone's wrong passwords would lock a username for everyone.",
            hint="Set DJANGO_PROXY_COUNT to the number of proxies that append to X-Forwarded-For (1 behind nginx).",
            id="fivehundred.E002")]
    return []
