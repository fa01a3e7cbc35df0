"""Compare two folders of screenshots pixel by pixel (a refactoring's proof that nothing moved).

Run: .venv/bin/python scripts/compare_screens.py BEFORE_DIR AFTER_DIR
Prints each PNG's count of differing pixels and the number of identical screens; exit 1 when any differ.
"""

from __future__ import annotations

import sys
from pathlib import Path

from PIL import Image, ImageChops


def differing_pixels(before: Path, after: Path) -> int:
    first, second = Image.open(before).convert("RGB"), Image.open(after).convert("RGB")
    if first.size != second.size:
        return first.width * first.height
    difference = ImageChops.difference(first, second).convert("L").point(lambda v: 255 if v else 0)
    return int(sum(difference.histogram()[255:]))


def main(before_dir: str, after_dir: str) -> int:
    names = sorted(p.name for p in Path(before_dir).glob("*.png"))
    same = 0
    for name in names:
        after = Path(after_dir) / name
        count = differing_pixels(Path(before_dir) / name, after) if after.exists() else -1
        same += count == 0
        print(f"{name}: {'missing' if count < 0 else f'{count} pixels differ' if count else 'identical'}")
    print(f"{same} of {len(names)} screens identical")
    return 0 if same == len(names) else 1


if __name__ == "__main__":
    sys.exit(main(*sys.argv[1:3]))
