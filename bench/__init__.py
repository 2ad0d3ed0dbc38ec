"""The benchmark: `python manage.py bench` measures the site's speed figures on a complete event.

Layer 3 (README, "Code layout"): it may import every other part of the project, and nothing in the
project imports it. docs/performance.md says what it measures and how to run it.
"""
