"""The figure families, in the order they run. A new family is one module here with a FAMILY
(bench.core.Family) and one line below; its name becomes a choice of --skip and --only."""

from bench.figures import event_file, games, individuals, integrity, load, pages, pdf, saturday, seasons, storm

FAMILIES = (pages.FAMILY, games.FAMILY, individuals.FAMILY, individuals.THREE_HANDED, individuals.FIVE_HANDED,
            event_file.FAMILY, pdf.FAMILY, load.FAMILY, integrity.FAMILY, storm.FAMILY, saturday.CAPACITY,
            saturday.CLUBS, seasons.FAMILY)
