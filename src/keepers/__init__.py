"""keepers: board games played by their exact rules."""

from keepers import compiled as _compiled

__version__ = "0.1.0"

# Before any engine module is imported: use the compiled engine only when it
# was built from the sources on disk (see keepers.compiled).
ENGINE = _compiled.install()
