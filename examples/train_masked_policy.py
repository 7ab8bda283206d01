"""Train a policy for one seat of a keepers game against random players: numpy only.

The policy is linear and softmax over the legal actions only (the action mask): action
``a`` gets the logit ``x . W[:, a] + b[a]``, where ``x`` is the seat's observation,
standardised by running means.  It learns by REINFORCE: after each game, every decision
the learner took moves towards (or away from) what it chose, by the game's reward minus
a running baseline.  Only the columns of legal actions are ever read or written, so a
step costs little however large the action space is.

    python examples/train_masked_policy.py gardiens --players 2 --minutes 4 --eval 200

Then it plays ``--eval`` games (new seeds, the learner taking each seat in turn) with the
policy's most likely action against the same opponents, and the same games with a
uniformly random learner, and prints each win share with its Wilson 95 % interval.
"""

from __future__ import annotations

import argparse
import math
import sys
import time
from typing import Any

import numpy as np

from keepers.rl.gymnasium import KeepersEnv


class MaskedLinearPolicy:
    """Softmax over the legal actions of ``x . W + b``, ``x`` standardised."""

    def __init__(self, observation_size: int, actions: int) -> None:
        self.weights = np.zeros((observation_size, actions))
        self.bias = np.zeros(actions)
        self.count = 0
        self.mean = np.zeros(observation_size)
        self.square = np.zeros(observation_size)

    def features(self, observation: np.ndarray[Any, Any], learn: bool) -> np.ndarray[Any, Any]:
        """The observation standardised by the running mean and deviation (Welford)."""
        x = observation.astype(np.float64)
        if learn:
            self.count += 1
            delta = x - self.mean
            self.mean += delta / self.count
            self.square += delta * (x - self.mean)
        deviation = np.sqrt(self.square / max(1, self.count - 1)) + 1e-3
        return (x - self.mean) / deviation

    def probabilities(self, x: np.ndarray[Any, Any],
                      legal: np.ndarray[Any, Any]) -> np.ndarray[Any, Any]:
        """The policy over ``legal`` (action numbers)."""
        logits = x @ self.weights[:, legal] + self.bias[legal]
        logits -= logits.max()
        weights = np.exp(logits)
        return weights / weights.sum()  # type: ignore[no-any-return]

    def learn(self, steps: list[tuple[Any, Any, int, Any]], advantage: float,
              rate: float) -> None:
        """REINFORCE: each step (x, legal, chosen index, probabilities) by ``advantage``."""
        for x, legal, chosen, probabilities in steps:
            gradient = -probabilities
            gradient[chosen] += 1.0
            self.weights[:, legal] += rate * advantage * np.outer(x, gradient)
            self.bias[legal] += rate * advantage * gradient


def play(env: KeepersEnv, policy: MaskedLinearPolicy | None, seed: int,
         rng: np.random.Generator, mode: str) -> tuple[float, list[tuple[Any, Any, int, Any]]]:
    """One game; ``mode`` is ``sample`` (learning), ``play`` (sampling without learning),
    ``best`` (the most likely action) or (no policy) ``random``."""
    observation, info = env.reset(seed=seed)
    steps: list[tuple[Any, Any, int, Any]] = []
    reward, over = 0.0, False
    while not over:
        legal = np.flatnonzero(info["action_mask"])
        if policy is None:
            chosen = int(rng.integers(len(legal)))
        else:
            x = policy.features(observation, learn=mode == "sample")
            probabilities = policy.probabilities(x, legal)
            if mode == "best":
                chosen = int(np.argmax(probabilities))
            else:
                chosen = int(rng.choice(len(legal), p=probabilities))
            if mode == "sample":
                steps.append((x, legal, chosen, probabilities))
        observation, reward, terminated, truncated, info = env.step(int(legal[chosen]))
        over = terminated or truncated
    return float(reward), steps


def wilson(successes: float, games: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson 95 % interval of a share."""
    share = successes / games
    centre = (share + z * z / (2 * games)) / (1 + z * z / games)
    half = z * math.sqrt(share * (1 - share) / games + z * z / (4 * games * games))
    return centre - half / (1 + z * z / games), centre + half / (1 + z * z / games)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("game", nargs="?", default="gardiens")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--opponents", default="random")
    parser.add_argument("--minutes", type=float, default=4.0, help="training time")
    parser.add_argument("--episodes", type=int, default=0, help="or a number of games")
    parser.add_argument("--eval", type=int, default=200, help="evaluation games")
    parser.add_argument("--rate", type=float, default=0.01, help="learning rate")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    envs = [KeepersEnv(args.game, players=args.players, seat=seat, opponents=args.opponents)
            for seat in range(args.players)]
    policy = MaskedLinearPolicy(envs[0].spaces.observations.size, envs[0].spaces.actions.size)
    rng = np.random.default_rng(args.seed)
    baseline, episodes, start = 1.0 / args.players, 0, time.perf_counter()
    while (episodes < args.episodes if args.episodes
           else time.perf_counter() - start < args.minutes * 60):
        env = envs[episodes % args.players]
        reward, steps = play(env, policy, args.seed * 1_000_003 + episodes, rng, "sample")
        policy.learn(steps, reward - baseline, args.rate / max(1, len(steps)) ** 0.5)
        baseline += 0.01 * (reward - baseline)
        episodes += 1
        if episodes % 100 == 0:
            print(f"{episodes} games, {time.perf_counter() - start:.0f} s, "
                  f"running reward {baseline:.3f}", flush=True)
    trained = time.perf_counter() - start
    print(f"trained on {episodes} games in {trained:.0f} s")
    learners = (("trained", policy, "play"), ("trained, most likely action", policy, "best"),
                ("random", None, "random"))
    for name, learner, mode in learners:
        wins = sum(play(envs[g % args.players], learner, 10**9 + g, rng, mode)[0]
                   for g in range(args.eval))
        low, high = wilson(wins, args.eval)
        print(f"{name} learner against {args.opponents}: win share {wins / args.eval:.3f} "
              f"over {args.eval} games (95 % interval {low:.3f}-{high:.3f})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
