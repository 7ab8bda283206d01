"""Speed of the learning interfaces beside the raw engine, by uniformly random play.

``python -m keepers.rl.bench [GAME ...] [--players N] [--seconds S] [--seed N]`` prints,
for each game, decisions per second of the engine alone, of the engine making the mover's
observation and mask at every decision (the floor under any environment), and environment
steps per second through PettingZoo (observation, mask and step, as a learning loop takes
them) and OpenSpiel (legal actions, apply, and the mover's observation tensor through the
observer), each per second of the process's CPU time.  docs/performance.md keeps the
figures.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Callable, Sequence
from typing import Any

import numpy as np

from keepers.core.errors import KeepersError
from keepers.core.registry import game_names
from keepers.core.rng import Rng
from keepers.rl.spaces import Spaces

Loop = Callable[[int], int]
"""Plays one game from a seed; returns how many decisions it took."""


def rate(play: Loop, seconds: float, seed: int) -> float:
    """Decisions per second of ``play`` over whole games, for at least ``seconds`` of this
    process's CPU time (steadier than wall time on a machine others share)."""
    done, games, start = 0, 0, time.process_time()
    while True:
        done += play(seed + games)
        games += 1
        elapsed = time.process_time() - start
        if elapsed >= seconds:
            return done / elapsed


def raw_loop(spaces: Spaces) -> Loop:
    """The engine alone: legal decisions, one chosen at random, applied."""
    def play(seed: int) -> int:
        state, rng, done = spaces.new_state(seed), Rng(seed), 0
        while not state.is_over():
            legal = state.legal_actions()
            state.apply_trusted(legal[rng.below(len(legal))])
            done += 1
        return done
    return play


def observed_loop(spaces: Spaces) -> Loop:
    """The engine with the mover's observation and mask made at every decision, as any
    learning interface must: the floor under the environments' cost."""
    def play(seed: int) -> int:
        state, rng, done = spaces.new_state(seed), Rng(seed), 0
        while not state.is_over():
            seat = state.to_move()
            assert seat is not None
            spaces.observe(state, seat)
            legal = np.flatnonzero(spaces.mask(state, seat))
            state.apply_trusted(spaces.actions.decode(state, int(legal[rng.below(len(legal))])))
            done += 1
        return done
    return play


def pettingzoo_loop(spaces: Spaces) -> Loop:
    """Through the AEC environment: last() (observation and mask), a masked random
    action, step()."""
    from keepers.rl.pettingzoo import env

    table = env(spaces.game, spaces.players, spaces.options)

    def play(seed: int) -> int:
        table.reset(seed=seed)
        rng, done = Rng(seed), 0
        for _ in table.agent_iter():
            observation, _, terminated, truncated, _ = table.last()
            if terminated or truncated:
                table.step(None)
                continue
            legal = np.flatnonzero(observation["action_mask"])
            table.step(int(legal[rng.below(len(legal))]))
            done += 1
        return done
    return play


def openspiel_loop(spaces: Spaces) -> Loop:
    """Through OpenSpiel: the mover's observation tensor (the observer), legal actions,
    a random one applied."""
    import pyspiel

    import keepers.rl.openspiel  # noqa: F401  (registers the games)

    params: dict[str, Any] = {"players": spaces.players, **spaces.options}
    game = pyspiel.load_game(f"keepers_{spaces.game.name}", params)
    observer = game.make_py_observer()

    def play(seed: int) -> int:
        state, rng, done = game.new_initial_state(), Rng(seed), 0
        while not state.is_terminal():
            observer.set_from(state, state.current_player())
            legal = state.legal_actions()
            state.apply_action(legal[rng.below(len(legal))])
            done += 1
        return done
    return play


def bench(name: str, players: int, seconds: float, seed: int) -> dict[str, float]:
    """The three rates of one game, in decisions (steps) per second."""
    spaces = Spaces(name, players)
    return {"engine": rate(raw_loop(spaces), seconds, seed),
            "observed": rate(observed_loop(spaces), seconds, seed),
            "pettingzoo": rate(pettingzoo_loop(spaces), seconds, seed),
            "openspiel": rate(openspiel_loop(spaces), seconds, seed)}


def main(argv: Sequence[str] | None = None) -> int:
    """Run the benchmark; a bad argument stops it with one line on stderr (exit 2)."""
    parser = argparse.ArgumentParser(prog="python -m keepers.rl.bench", exit_on_error=False)
    parser.add_argument("games", nargs="*", help="games to measure (default: every game)")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--seconds", type=float, default=5.0)
    parser.add_argument("--seed", type=int, default=1)
    try:
        args = parser.parse_args(argv)
        rows = []
        for name in args.games or game_names():
            try:
                rows.append((name, bench(name, args.players, args.seconds, args.seed)))
            except KeepersError as missing:
                if args.games:
                    raise
                print(f"{name}: left out: {missing}", file=sys.stderr)
    except (argparse.ArgumentError, KeepersError, ValueError) as refusal:
        print(f"python -m keepers.rl.bench: {refusal}", file=sys.stderr)
        return 2
    print(f"{'game':<12} {'players':>7} {'engine/s':>9} {'observed/s':>11} "
          f"{'pettingzoo/s':>13} {'openspiel/s':>12}   (share of the engine's rate)")
    for name, rates in rows:
        engine = rates["engine"]
        shares = {key: f"{value:.0f} ({value / engine:.2f})" for key, value in rates.items()}
        print(f"{name:<12} {args.players:>7} {engine:>9.0f} {shares['observed']:>11} "
              f"{shares['pettingzoo']:>13} {shares['openspiel']:>12}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
