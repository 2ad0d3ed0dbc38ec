"""The game engine: pure Python, no Django, no database, no I/O.

Everything below this package takes plain values and returns plain values: the rules of Five
Hundred (rules), the standings and medals (standings), the movements (movement), partnership
lists (registration), event files (eventfile) and the game's one vocabulary (vocabulary). Nothing
here imports Django or any other module of the project outside scoring.engine; a test keeps it so.
"""
