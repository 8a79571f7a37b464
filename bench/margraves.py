"""Margraves on the shared kernel: complete random games per second and steps per second at each player count.

Run: `.venv/bin/python bench/margraves.py`. Random games played by `playout(seed)`: random legal actions to the
end inside the compiled engine, then the same playouts on the Python form of the same sources. The last line is
the ratio of the compiled playout to the Python one (steps per second, all player counts together): the aim is at
least 10.
"""

from playouts import compare_forms

if __name__ == "__main__":
    compare_forms("margraves", (2, 3, 4, 5), seconds=2.0)
