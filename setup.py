"""Build step beyond pyproject.toml: compile the engine's hot modules with mypyc.

The modules listed in ``keepers.compiled.MODULES`` are compiled into C
extensions (about twice as fast), and a manifest of the sources they were
compiled from is written beside them, so that a compiled copy is used only
while it matches the sources.  Compiling is optional: with ``KEEPERS_PURE=1``,
or when compiling fails, keepers installs as pure Python and behaves the same,
only slower.
"""

from __future__ import annotations

import json
import runpy
import sys
from pathlib import Path
from typing import Any

from setuptools import setup
from setuptools.command.build_ext import build_ext

ROOT = Path(__file__).resolve().parent
PACKAGE = ROOT / "src" / "keepers"
SPEC = runpy.run_path(str(PACKAGE / "compiled.py"))
BUILDS = {"build", "build_ext", "bdist_wheel", "editable_wheel", "develop", "install"}


def source_digests() -> dict[str, str]:
    """SHA-256 of each compiled module's source, as compiled now."""
    return {m: SPEC["source_digest"](SPEC["source_path"](m, PACKAGE)) for m in SPEC["MODULES"]}


class BuildEngine(build_ext):
    """build_ext that writes the manifest where the compiled modules went.

    In place (editable installs) that is the source tree; for a wheel, the
    build directory. Written only once the extensions are built, so a manifest
    never vouches for extensions that another build left behind.
    """

    digests: dict[str, str] = {}

    def run(self) -> None:
        super().run()
        if not self.extensions or not self.digests:
            return
        module = SPEC["MODULES"][0]
        built = Path(self.get_ext_fullpath(module))
        if not built.is_file():                # the optional build failed: pure Python
            return
        package = built.parents[len(module.split(".")) - 2]
        (package / SPEC["MANIFEST"]).write_text(json.dumps(self.digests, indent=1) + "\n")


def compiled_extensions() -> list[Any]:
    # Only a build compiles (metadata queries run this file too).
    if SPEC["pure_requested"]() or not BUILDS & set(sys.argv):
        return []
    paths = [str(SPEC["source_path"](m, PACKAGE).relative_to(ROOT)) for m in SPEC["MODULES"]]
    digests = source_digests()
    try:
        from mypyc.build import mypycify

        # The build environment holds no runtime dependencies (rich, typer): the
        # modules that import them are only type-checked here, never compiled.
        extensions = mypycify(["--ignore-missing-imports", *paths], opt_level="3",
                              group_name=SPEC["GROUP"])
    except BaseException as error:  # mypyc exits on a type error: fall back to pure Python
        print(f"keepers: not compiling the engine ({error!r}); pure Python", file=sys.stderr)
        return []
    BuildEngine.digests = digests
    for extension in extensions:
        extension.optional = True      # no C compiler: install the pure Python engine
    return list(extensions)


setup(ext_modules=compiled_extensions(), cmdclass={"build_ext": BuildEngine})
