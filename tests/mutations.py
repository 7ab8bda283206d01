"""Mutated positions for the games' property tests (docs/reliability.md).

A base position (a JSON-ready dict of a real game) is changed one to three times: a value
replaced by another of any type, borrowed from elsewhere in the position, removed,
repeated, nudged by one, or two values swapped (every component is still there once).
Each game's test then checks that the result is refused in one line or plays to the end.
"""

from __future__ import annotations

import copy
from collections.abc import Sequence
from typing import Any

from hypothesis import strategies as st


def paths(node: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every place in a position: keys of objects and indexes of lists, at any depth."""
    out = [path] if path else []
    if isinstance(node, dict):
        for key, value in node.items():
            out += paths(value, (*path, key))
    elif isinstance(node, list):
        for index, value in enumerate(node):
            out += paths(value, (*path, index))
    return out


def parent(data: Any, path: tuple[Any, ...]) -> Any:
    """The object or list holding the place ``path``."""
    for key in path[:-1]:
        data = data[key]
    return data


@st.composite
def mutated(draw: st.DrawFn, bases: Sequence[dict[str, Any]], replacements: Sequence[Any],
            most: int = 3) -> dict[str, Any]:
    """A base position changed one to ``most`` times."""
    data: dict[str, Any] = copy.deepcopy(draw(st.sampled_from(list(bases))))
    for _ in range(draw(st.integers(1, most))):
        places = paths(data)
        path = places[draw(st.integers(0, len(places) - 1))]
        holder, key = parent(data, path), path[-1]
        how = draw(st.sampled_from(["replace", "replace", "borrow", "remove", "repeat",
                                    "nudge", "swap", "swap"]))
        if how == "swap":  # two values trade places: every component is still there once
            other = places[draw(st.integers(0, len(places) - 1))]
            if other[:len(path)] != path and path[:len(other)] != other:
                there = parent(data, other)
                holder[key], there[other[-1]] = there[other[-1]], holder[key]
        elif how == "replace":
            holder[key] = copy.deepcopy(draw(st.sampled_from(list(replacements))))
        elif how == "borrow":
            other = places[draw(st.integers(0, len(places) - 1))]
            holder[key] = copy.deepcopy(parent(data, other)[other[-1]])
        elif how == "remove":
            del holder[key]
        elif how == "repeat" and isinstance(holder, list):
            holder.append(copy.deepcopy(holder[key]))
        elif how == "nudge" and type(holder[key]) is int:
            holder[key] += draw(st.sampled_from([-1, 1]))
    return data
