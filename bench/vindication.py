"""Vindication on the shared kernel: complete random games per second and steps per second at each player count.

Run: `.venv/bin/python bench/vindication.py`. Random games of the base game, played by `playout(seed)`: random
legal actions to the end inside the compiled engine, then the same playouts on the Python form of the same
sources. The last line is the ratio of the compiled playout's steps per second to the Python one's (the aim: at
least 10).
"""

from playouts import compare_forms

if __name__ == "__main__":
    compare_forms("vindication", (2, 3, 4, 5), seconds=3.0)
