# English dates and times as the site writes them (FORMAT_MODULE_PATH; README, "Languages"):
# "May 14, 2026" and "9:04 PM", the same on the pages and on paper.
DATE_FORMAT = "F j, Y"
TIME_FORMAT = "g:i A"
TIME_SECONDS_FORMAT = "g:i:s A"
SHORT_DATE_FORMAT = "m/d/Y"
