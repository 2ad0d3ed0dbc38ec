# French as Quebec writes it: "14 mai 2026" and "21 h 04" (FORMAT_MODULE_PATH; README, "Languages").
DATE_FORMAT = "j F Y"
TIME_FORMAT = r"G \h i"
TIME_SECONDS_FORMAT = r"G \h i \m\i\n s"
SHORT_DATE_FORMAT = "Y-m-d"
DECIMAL_SEPARATOR = ","
THOUSAND_SEPARATOR = "\xa0"
