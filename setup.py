"""Build step beyond pyproject.toml: compile the engine's hot modules with mypyc.

The modules listed in ``keepers.compiled.MODULES`` are compiled into C
extensions (about twice as fast) and a manifest of their sources is written
so that a compiled copy is used only while it matches them.  Compiling is
optional: with ``KEEPERS_PURE=1``, or when compiling fails, keepers installs
as pure Python and behaves the same, only slower.
"""

from __future__ import annotations

import json
import runpy
import sys
from pathlib import Path

from setuptools import setup

ROOT = Path(__file__).resolve().parent
PACKAGE = ROOT / "src" / "keepers"


BUILDS = {"build", "build_ext", "bdist_wheel", "editable_wheel", "develop", "install"}


def compiled_extensions() -> list:
    spec = runpy.run_path(str(PACKAGE / "compiled.py"))
    # Only a build compiles (metadata queries run this file too).
    if spec["pure_requested"]() or not BUILDS & set(sys.argv):
        return []
    modules = spec["MODULES"]
    paths = [str(spec["source_path"](m, PACKAGE).relative_to(ROOT)) for m in modules]
    manifest = {m: spec["source_digest"](spec["source_path"](m, PACKAGE)) for m in modules}
    try:
        from mypyc.build import mypycify

        # The build environment holds no runtime dependencies (rich, typer): the
        # modules that import them are only type-checked here, never compiled.
        extensions = mypycify(["--ignore-missing-imports", *paths], opt_level="3",
                              group_name=spec["GROUP"])
    except BaseException as error:  # mypyc exits on a type error: fall back to pure Python
        print(f"keepers: not compiling the engine ({error!r}); pure Python", file=sys.stderr)
        return []
    (PACKAGE / spec["MANIFEST"]).write_text(json.dumps(manifest, indent=1) + "\n")
    for extension in extensions:
        extension.optional = True      # no C compiler: install the pure Python engine
    return extensions


setup(ext_modules=compiled_extensions())
