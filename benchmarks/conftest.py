import sys
from pathlib import Path

# The pure-Python reference implementation (tests/time_of_your_life/reference.py) is the speed
# baseline of the native engine.
sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests" / "time_of_your_life"))
