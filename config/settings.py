"""Settings for the Five Hundred tournament site: one file, read from the environment.

Every value has a safe local default; production sets DJANGO_DEBUG=false, DJANGO_SECRET_KEY,
DJANGO_ALLOWED_HOSTS and DATABASE_URL (see README, "Production"). A bad value raises
ImproperlyConfigured naming the variable.
"""

import os
import tempfile
from datetime import timedelta
from pathlib import Path

from django.core.exceptions import ImproperlyConfigured

from config import hall
from scoring.engine.textsafe import whole_number
from scoring.engine.vocabulary import DEFAULT_LANGUAGE
from scoring.engine.vocabulary import LANGUAGES as SITE_LANGUAGES

BASE_DIR = Path(__file__).resolve().parent.parent


def env_str(name: str, default: str) -> str:
    return os.environ.get(name, default)


def env_bool(name: str, default: bool | None) -> bool | None:
    raw = os.environ.get(name)
    if raw is None or raw == "":
        return default
    if raw.lower() in ("1", "true", "yes", "on"):
        return True
    if raw.lower() in ("0", "false", "no", "off"):
        return False
    raise ImproperlyConfigured(f"{name} must be true or false, not {raw!r}")


def env_int(name: str, default: int) -> int:
    raw = os.environ.get(name)
    if raw is None or raw == "":
        return default
    number = whole_number(raw, max_digits=18, signed=True)
    if number is None:
        raise ImproperlyConfigured(f"{name} must be a whole number, not {raw!r}")
    return number


def env_list(name: str, default: str) -> list[str]:
    return [item.strip() for item in env_str(name, default).split(",") if item.strip()]


def env_url(name: str, schemes: tuple[str, ...]) -> str:
    """A URL whose scheme is one of `schemes`, or "" when the variable is unset or empty."""
    raw = env_str(name, "").strip()
    if raw and not raw.startswith(tuple(f"{scheme}://" for scheme in schemes)):
        raise ImproperlyConfigured(f"{name} must start with {' or '.join(s + '://' for s in schemes)}, not {raw!r}")
    return raw


def env_seconds(name: str, default: float) -> float:
    raw = os.environ.get(name)
    if raw is None or raw == "":
        return default
    try:
        value = float(raw)
    except ValueError:
        raise ImproperlyConfigured(f"{name} must be a number of seconds, not {raw!r}") from None
    if not 0 <= value <= 60:
        raise ImproperlyConfigured(f"{name} must be between 0 and 60 seconds, not {raw!r}")
    return value


# `bin/serve --hall` (config.hall) sets HALL_SERVER: a real server for the phones on the hall's
# wifi (docs/operations.md, "The hall server and development mode"). DEBUG is off (no technical
# pages, the site's own plain error pages), the secret key is this laptop's own, made once and
# kept beside the database, and everything works over plain http on the local network.
HALL_SERVER = env_bool("HALL_SERVER", False)
DEBUG = env_bool("DJANGO_DEBUG", not HALL_SERVER)
if HALL_SERVER and DEBUG:
    raise ImproperlyConfigured("DJANGO_DEBUG must not be true with bin/serve --hall (HALL_SERVER): the phones "
                               "would be shown the settings and a traceback on any error. Use bin/serve to debug.")
SQLITE_PATH = env_str("SQLITE_PATH", str(BASE_DIR / "db.sqlite3"))
# Where the hall server keeps its secret key: beside the SQLite database, or in the project folder
# when DATABASE_URL names another database.
HALL_SECRET_KEY_FILE = Path(env_str("HALL_SECRET_KEY_FILE", "") or (
    BASE_DIR / "hall.secret-key" if env_str("DATABASE_URL", "") else f"{SQLITE_PATH}.secret-key"))
SECRET_KEY = env_str("DJANGO_SECRET_KEY", "")
if not SECRET_KEY:
    if HALL_SERVER:
        try:
            SECRET_KEY = hall.secret_key(HALL_SECRET_KEY_FILE)
        except (OSError, ValueError) as exc:
            raise ImproperlyConfigured(f"HALL_SECRET_KEY_FILE ({HALL_SECRET_KEY_FILE}): {exc}") from None
    elif not DEBUG:
        raise ImproperlyConfigured("DJANGO_SECRET_KEY must be set when DJANGO_DEBUG is false")
    else:
        SECRET_KEY = "local-development-only-not-secret"
# Served over https (production): Secure cookies, HSTS and the redirect to https. Not in
# development, and not in the hall, where phones open http://192.168...
HTTPS = not DEBUG and not HALL_SERVER
ALLOWED_HOSTS = env_list("DJANGO_ALLOWED_HOSTS", "127.0.0.1,localhost,testserver")
# `bin/serve --hall` sets the laptop's address on the hall's network: the phones ask for it
# (README, "Running the day on a laptop").
ALLOWED_HOSTS += env_list("HALL_ADDRESS", "")
CSRF_TRUSTED_ORIGINS = env_list("DJANGO_CSRF_TRUSTED_ORIGINS", "")
# Where printed QR codes, table links and the projector's code point (scoring.site_address):
# empty follows the address the organizer's browser is using; set it when phones must use another.
SITE_URL = env_str("SITE_URL", "").rstrip("/")
if SITE_URL and not SITE_URL.startswith(("http://", "https://")):
    raise ImproperlyConfigured(f"SITE_URL must start with http:// or https://, not {SITE_URL!r}")

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "django_tables2",
    "axes",
    "config.apps.SiteConfig",
    "tournaments",
    "scoring",
    "clubs",
    "bench",  # only for `manage.py bench` (bench/README.md); no models, no URLs
]

MIDDLEWARE = [
    # First, so every response carries the policy: WhiteNoise's static files and the
    # responses of the middleware below (CSRF failures, lockouts) included.
    "config.middleware.ContentSecurityPolicyMiddleware",
    # Compresses every page that is not compressed already (README, "Compression": Django adds
    # random padding against BREACH and masks the CSRF token afresh in every response).
    "django.middleware.gzip.GZipMiddleware",
    "django.middleware.security.SecurityMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    # After the session, before anything that renders: picks the language of this request.
    "config.middleware.LanguageMiddleware",
    # The live standings' polls stop here (README, "Speed"): the layers below are for pages and forms.
    "config.middleware.LivePollMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    # Last, so it sees the outcome of authentication (django-axes' own instructions).
    "axes.middleware.AxesMiddleware",
]

AUTHENTICATION_BACKENDS = [
    "axes.backends.AxesStandaloneBackend",
    "django.contrib.auth.backends.ModelBackend",
]

ROOT_URLCONF = "config.urls"
WSGI_APPLICATION = "config.wsgi.application"

# Widgets: <input> and <select> written in Python, everything else as Django draws it (README, "Speed").
FORM_RENDERER = "config.form_renderer.FastWidgets"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.template.context_processors.i18n",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
            ],
        },
    },
]


def database_from_environment() -> dict:
    url = env_str("DATABASE_URL", "")
    if url:
        import dj_database_url

        try:
            config = dj_database_url.parse(url, conn_max_age=env_int("DATABASE_CONN_MAX_AGE", 60))
        except Exception as exc:  # the library raises several kinds for a malformed URL
            raise ImproperlyConfigured(f"DATABASE_URL is not a database URL: {exc}") from None
        return config
    return {
        "ENGINE": "django.db.backends.sqlite3",
        "NAME": SQLITE_PATH,
        # Kept open between requests like PostgreSQL's: opening one (and its PRAGMAs) costs more
        # than a live-standings poll itself.
        "CONN_MAX_AGE": env_int("DATABASE_CONN_MAX_AGE", 60),
        # Many phones save at once: WAL lets readers run beside the writer, IMMEDIATE takes the
        # write lock at BEGIN so two writers queue instead of failing mid-transaction, and the
        # timeout is how long a writer waits in that queue.
        "OPTIONS": {
            "transaction_mode": "IMMEDIATE",
            "timeout": 20,
            "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;",
        },
        # The tests' database is a file, like the hall's: the live server's request threads and the
        # test each open their own connection (WAL, the timeout, IMMEDIATE) as in production. Django's
        # in-memory default hands one connection to every thread, and a phone's save then fails with
        # "database table is locked" while the test reads. One file a test process (removed after).
        "TEST": {"NAME": str(Path(tempfile.gettempdir()) / f"fivehundred-test-{os.getpid()}.sqlite3")},
    }


DATABASES = {"default": database_from_environment()}
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
]

# Languages (README, "Languages"): English, Spanish and French. Who sees which is decided by
# config.middleware.LanguageMiddleware: the person's own choice, else the browser's, else the event's.
LANGUAGE_CODE = DEFAULT_LANGUAGE
LANGUAGES = list(SITE_LANGUAGES)
LOCALE_PATHS = [BASE_DIR / "locale"]
FORMAT_MODULE_PATH = ["config.formats"]  # dates and times per language, the same on pages and paper
LANGUAGE_COOKIE_NAME = "fh_language"
LANGUAGE_COOKIE_AGE = 60 * 60 * 24 * 365  # remembered on that device; a table's phone keeps it all event
LANGUAGE_COOKIE_SAMESITE = "Lax"
TIME_ZONE = env_str("DJANGO_TIME_ZONE", "America/Chicago")  # McAllen, Texas
USE_I18N = True
USE_TZ = True

STATIC_URL = "static/"
STATICFILES_DIRS = [BASE_DIR / "static"]
STATIC_ROOT = Path(env_str("STATIC_ROOT", str(BASE_DIR / "staticfiles")))  # where collectstatic puts them
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {
        "BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"
        if DEBUG
        else "whitenoise.storage.CompressedManifestStaticFilesStorage"
    },
}

LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "tournaments:event-list"
LOGOUT_REDIRECT_URL = "tournaments:event-list"

DJANGO_TABLES2_TEMPLATE = "django_tables2/bootstrap5-responsive.html"

# Login throttling (config.login_limits, docs/operations.md "Login limits"): five wrong passwords
# for one username from one address pause that username there only, so a stranger on their own
# phone cannot lock the organizer out; AXES_ADDRESS_FAILURE_LIMIT wrong passwords from one address,
# whatever the usernames, pause that address; AXES_USERNAME_FAILURE_LIMIT wrong passwords for one
# username, from any addresses, pause that username everywhere (guessing from many phones).
AXES_FAILURE_LIMIT = env_int("AXES_FAILURE_LIMIT", 5)
AXES_ADDRESS_FAILURE_LIMIT = env_int("AXES_ADDRESS_FAILURE_LIMIT", 50)
AXES_USERNAME_FAILURE_LIMIT = env_int("AXES_USERNAME_FAILURE_LIMIT", 30)
for _name, _limit in (("AXES_ADDRESS_FAILURE_LIMIT", AXES_ADDRESS_FAILURE_LIMIT),
                      ("AXES_USERNAME_FAILURE_LIMIT", AXES_USERNAME_FAILURE_LIMIT)):
    if not 1 <= AXES_FAILURE_LIMIT <= _limit:
        raise ImproperlyConfigured(f"AXES_FAILURE_LIMIT ({AXES_FAILURE_LIMIT}) must be at least 1 and at most "
                                   f"{_name} ({_limit})")
del _name, _limit
AXES_COOLOFF_TIME = timedelta(minutes=15)  # templates/registration/locked_out.html says 15 minutes
# The order of login_limits.group_limits: username and address, address, username.
AXES_LOCKOUT_PARAMETERS = [["username", "ip_address"], "ip_address", "username"]
AXES_HANDLER = "config.login_limits.LimitedAxesHandler"
AXES_RESET_ON_SUCCESS = True
AXES_LOCKOUT_TEMPLATE = "registration/locked_out.html"
# Behind a reverse proxy (nginx, a platform router) REMOTE_ADDR is the proxy: DJANGO_BEHIND_PROXY
# says there is one and DJANGO_PROXY_COUNT how many proxies append to X-Forwarded-For, so the lock
# keys on the visitor's address. 0 trusts no such header. The two must agree: production refuses
# to start when they do not, and `manage.py check --deploy` reports it (config.login_limits).
PROXY_COUNT = env_int("DJANGO_PROXY_COUNT", 0)
if PROXY_COUNT < 0:
    raise ImproperlyConfigured(f"DJANGO_PROXY_COUNT must be 0 or more, not {PROXY_COUNT}")
BEHIND_PROXY = env_bool("DJANGO_BEHIND_PROXY", None)  # None: not said (check --deploy warns)
if not DEBUG and BEHIND_PROXY is not None and (PROXY_COUNT > 0) != BEHIND_PROXY:
    raise ImproperlyConfigured(
        f"DJANGO_PROXY_COUNT ({PROXY_COUNT}) and DJANGO_BEHIND_PROXY ({str(BEHIND_PROXY).lower()}) disagree: "
        "behind a proxy set both (DJANGO_BEHIND_PROXY=true, DJANGO_PROXY_COUNT=1 for nginx); serving directly, "
        "set neither")
AXES_CLIENT_IP_CALLABLE = "config.middleware.client_ip"




# The cache every server process shares (README, "Several servers"): with REDIS_URL set, Redis
# (django-redis's backend: one client a process), so the live standings are rebuilt once per
# change for every worker and every server; without it, each process keeps its own in memory
# (fine for one laptop and one process).
REDIS_URL = env_url("REDIS_URL", ("redis", "rediss", "unix"))
if REDIS_URL:
    CACHES = {"default": {"BACKEND": "django_redis.cache.RedisCache", "LOCATION": REDIS_URL,
                          "KEY_PREFIX": env_str("CACHE_KEY_PREFIX", "fh")}}
else:
    CACHES = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}}
# How old the live standings may be while a newer version is rebuilt (README, "Speed"): a hall
# saving five hands a second then costs one rebuild a second, not five; and for how long a process
# reuses the event's version it read for the polls. 0 (the local default) reads the version on
# every poll and rebuilds on the first poll after a change.
LIVE_STALE_SECONDS = env_seconds("LIVE_STALE_SECONDS", 0 if DEBUG else 1)

# Production hardening, on whenever DEBUG is off (manage.py check --deploy is clean then), except
# what needs https: the hall server (HALL_SERVER) is plain http on a LAN, where Secure cookies would
# never come back, and HSTS or a redirect to https would make every phone fail.
SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
SESSION_COOKIE_SECURE = HTTPS
CSRF_COOKIE_SECURE = HTTPS
SECURE_SSL_REDIRECT = env_bool("DJANGO_SECURE_SSL_REDIRECT", HTTPS)
SECURE_HSTS_SECONDS = env_int("DJANGO_HSTS_SECONDS", 31536000 if HTTPS else 0)
SECURE_HSTS_INCLUDE_SUBDOMAINS = HTTPS
SECURE_HSTS_PRELOAD = HTTPS
SECURE_CONTENT_TYPE_NOSNIFF = True
SECURE_REFERRER_POLICY = "same-origin"
X_FRAME_OPTIONS = "DENY"
SESSION_COOKIE_AGE = 60 * 60 * 24 * 3  # an event weekend

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "root": {"handlers": ["console"], "level": env_str("DJANGO_LOG_LEVEL", "WARNING")},
}
if HALL_SERVER:  # a wrong Host from a phone: one line on the laptop's screen, no traceback
    LOGGING["filters"] = {"one_line": {"()": "config.hall.WithoutTraceback"}}
    LOGGING["handlers"]["one_line"] = {"class": "logging.StreamHandler", "filters": ["one_line"]}
    LOGGING["loggers"] = {"django.security.DisallowedHost": {"handlers": ["one_line"], "propagate": False}}
