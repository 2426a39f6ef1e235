"""Masked PPO in torch against three random bots, over the library's vector env; then an evaluation.

    pip install '.[train]'
    python examples/train_ppo.py --rules standard --minutes 10
    python examples/train_ppo.py --rules sea-salt-paper --minutes 10 --save ssp.pt

The learner plays seat 0 of ``--games`` games at once (``boomerang_rules.rl.vector.VectorEnv``,
the batched engines); the other seats play uniformly random legal actions drawn in compiled code
(``sample_actions``), as the library's ``random`` bot does. Observations are the library's
(``rl.observe``, every entry in [0, 1]: Boomerang: Australia's vector env gives the totals in points,
its raw reading, divided here by their bound as ``rl.observe`` does, so that training, the evaluation
and any env of the library feed the policy the same numbers); the policy's logits of illegal actions are set to -inf
(the legal mask), so it never plays one. The reward is 1 for a win (a shared win too), given at seat
0's last decision, plus a small term for the points ahead of the opponents' mean, paid out round by
round as the env scores them (``reward="round"``), each round's share at seat 0's decision before
it: the same sum as paying the margin at the game's end (unclipped), but a Sea Salt & Paper game holds some 115
of seat 0's decisions over five rounds, and a round's points told at once are learned from much
sooner (10 minutes against random: 95.5% of games won against 89.0%). The advantage is GAE over
each game's decisions of seat 0.

At the end (and only then) the policy, acting greedily (its most probable legal action), plays
full games through the plain engine against three ``random``, three ``greedy`` and three
``ismcts`` bots, each bot seeing only its own view, and the win rates are printed (a shared win
counts as a win; seats' order is fixed, the learner at seat 0).
Self-contained: nothing here is part of the library's API.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from typing import Any

import numpy as np
import torch
from torch import nn

import boomerang_rules as br
from boomerang_rules import rl
from boomerang_rules.rl.vector import VectorEnv

PLAYERS = 4


class Policy(nn.Module):
    """An MLP with a policy head (masked logits) and a value head."""

    def __init__(self, size: int, actions: int, hidden: int = 256) -> None:
        super().__init__()
        self.body = nn.Sequential(nn.Linear(size, hidden), nn.Tanh(), nn.Linear(hidden, hidden), nn.Tanh())
        self.pi = nn.Linear(hidden, actions)
        self.v = nn.Linear(hidden, 1)
        nn.init.orthogonal_(self.pi.weight, 0.01)
        nn.init.zeros_(self.pi.bias)

    def forward(self, obs: torch.Tensor, mask: torch.Tensor) -> tuple[torch.Tensor, torch.Tensor]:
        h = self.body(obs)
        logits = self.pi(h).masked_fill(~mask, -1e9)
        return logits, self.v(h).squeeze(-1)


def raw_totals(env: VectorEnv) -> tuple[slice, float] | None:
    """Where the env's observations hold totals in points, and their bound (None: they are ``rl.observe``'s).

    Boomerang: Australia's vector env gives its raw reading, the totals in points (``VectorEnv``);
    ``rl.observe`` divides them by their bound, as every other env of the library does."""
    if env.rules.game != "boomerang-australia":
        return None
    part = next(x for x in rl.observation_spec(env.rules, env.players) if x.name == "scores")
    return slice(part.start, part.stop), float(part.bound)


def as_observed(rows: np.ndarray, totals: tuple[slice, float] | None) -> np.ndarray:
    """The env's observation ``rows`` as ``rl.observe`` gives them (a copy; the totals divided as it does)."""
    seen = np.array(rows)
    if totals is not None:
        part, bound = totals
        seen[:, part] = seen[:, part].astype(np.float64) / bound  # rounded to float32, as rl.observe does
    return seen


def rollout(env: VectorEnv, policy: Policy, seed: int, cap: int) -> dict[str, Any]:
    """Every game played to its end once (or ``cap`` steps): seat 0's decisions and each game's result."""
    totals = raw_totals(env)
    obs, masks = env.reset(seed=seed)
    games = env.games
    per_game: list[list[tuple[np.ndarray, np.ndarray, int, float, float]]] = [[] for _ in range(games)]
    gained: list[list[float]] = [[] for _ in range(games)]  # each decision's points margin, paid as scored
    steps = 0
    done = False
    while not done and steps < cap:
        actions = env.sample_actions()
        owed = masks[:, 0].any(axis=1)
        idx = np.flatnonzero(owed)
        if len(idx):
            seen = as_observed(obs[idx, 0], totals)
            o = torch.as_tensor(seen)
            m = torch.as_tensor(masks[idx, 0])
            with torch.no_grad():
                logits, value = policy(o, m)
                dist = torch.distributions.Categorical(logits=logits)
                chosen = dist.sample()
                logp = dist.log_prob(chosen)
            chosen_np = chosen.numpy()
            actions[idx, 0] = chosen_np
            for j, g in enumerate(idx):
                per_game[g].append((seen[j].copy(), masks[g, 0].copy(), int(chosen_np[j]), float(logp[j]),
                                    float(value[j])))
                gained[g].append(0.0)
        obs, masks, rewards, done = env.step(actions)
        # non-zero only where a round was scored; in float64, as the final margin is (the rewards are float32)
        ahead = rewards[:, 0].astype(np.float64) - rewards[:, 1:].mean(axis=1, dtype=np.float64)
        for g in np.flatnonzero(ahead):
            if gained[g]:
                gained[g][-1] += float(ahead[g])
        steps += 1
    totals = env.totals().astype(np.float64)
    finished = env.ended if not done else np.ones(games, bool)
    best = totals.max(axis=1)
    won = (totals[:, 0] == best) & finished
    margin = totals[:, 0] - totals[:, 1:].mean(axis=1)
    return {"decisions": per_game, "gained": gained, "won": won, "margin": margin, "finished": finished}


def batch_of(data: dict[str, Any], margin_scale: float, gamma: float = 1.0, lam: float = 0.95
             ) -> dict[str, torch.Tensor]:
    """The decisions as tensors with GAE advantages: each decision's reward is the points margin
    scored after it (scaled by ``margin_scale``, a quarter weight), the last one's the win too."""
    obs, masks, acts, logps, advs, rets = [], [], [], [], [], []
    for g, steps in enumerate(data["decisions"]):
        if not steps:
            continue
        won = float(data["won"][g])
        gained = [0.25 * x / margin_scale for x in data["gained"][g]]
        values = [s[4] for s in steps]
        adv = 0.0
        out = [0.0] * len(steps)
        for t in reversed(range(len(steps))):
            last = t == len(steps) - 1
            reward = gained[t] + (won if last else 0.0)
            nxt = 0.0 if last else values[t + 1]
            delta = reward + gamma * nxt - values[t]
            adv = delta + gamma * lam * (0.0 if last else adv)
            out[t] = adv
        for t, s in enumerate(steps):
            obs.append(s[0])
            masks.append(s[1])
            acts.append(s[2])
            logps.append(s[3])
            advs.append(out[t])
            rets.append(out[t] + values[t])
    return {"obs": torch.as_tensor(np.array(obs)), "mask": torch.as_tensor(np.array(masks)),
            "act": torch.as_tensor(acts), "logp": torch.as_tensor(logps, dtype=torch.float32),
            "adv": torch.as_tensor(advs, dtype=torch.float32), "ret": torch.as_tensor(rets, dtype=torch.float32)}


def update(policy: Policy, opt: torch.optim.Optimizer, b: dict[str, torch.Tensor], epochs: int = 4,
           minibatch: int = 1024, clip: float = 0.2) -> float:
    n = len(b["act"])
    adv = (b["adv"] - b["adv"].mean()) / (b["adv"].std() + 1e-8)
    loss_sum = 0.0
    for _ in range(epochs):
        for idx in torch.randperm(n).split(minibatch):
            logits, value = policy(b["obs"][idx], b["mask"][idx])
            dist = torch.distributions.Categorical(logits=logits)
            ratio = torch.exp(dist.log_prob(b["act"][idx]) - b["logp"][idx])
            a = adv[idx]
            pg = -torch.min(ratio * a, torch.clamp(ratio, 1 - clip, 1 + clip) * a).mean()
            vf = ((value - b["ret"][idx]) ** 2).mean()
            ent = dist.entropy().mean()
            loss = pg + 0.5 * vf - 0.01 * ent
            opt.zero_grad()
            loss.backward()
            nn.utils.clip_grad_norm_(policy.parameters(), 0.5)
            opt.step()
            loss_sum += loss.item()
    return loss_sum


def evaluate(policy: Policy, rules: Any, bot: str, games: int, seed: int) -> float:
    """The share of ``games`` full games (plain engine) that seat 0, the policy, wins against three ``bot``s."""
    module = br.game_module(rules.game)
    encoder = rl.encoder_for(rules, PLAYERS)
    wins = 0
    for i in range(games):
        state = br.new_game(rules, PLAYERS, seed + i)
        bots = [module.BOTS[bot](rules, seed * 1000 + 10 * i + s) for s in range(1, PLAYERS)]
        while not br.is_over(state):
            seats = br.to_act(state)  # a simultaneous step: each seat decides on the same state
            chosen = []
            for seat in seats:
                if seat == 0:
                    mask_bits = br.legal_mask(state, 0)
                    mask = torch.tensor([(mask_bits >> a) & 1 == 1 for a in range(encoder.num_actions)])
                    with torch.no_grad():
                        logits, _ = policy(torch.as_tensor(encoder.observe(state, 0))[None], mask[None])
                    chosen.append(br.action_of(rules, int(logits.argmax())))
                else:
                    chosen.append(bots[seat - 1].choose(br.view(state, seat), br.legal_actions(state, seat)))
            for seat, action in zip(seats, chosen):
                state = br.apply(state, seat, action)
        wins += 0 in br.winners(state)
    return wins / games


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0],
                                epilog="Exit status: 0 trained and evaluated, 1 a --rules file that breaks the rules, "
                                       "2 usage error (an unreadable --rules file too).")
    p.add_argument("--rules", default="standard",
                   help="a ruleset or variant id (any of the three games; default standard)")
    p.add_argument("--minutes", type=float, default=8.0, help="training time budget (default 8)")
    p.add_argument("--updates", type=int, default=None, help="stop after this many updates (before --minutes)")
    p.add_argument("--seed", type=int, default=0, help="seed of torch and of the games (default 0)")
    p.add_argument("--games", type=int, default=256, help="games played at once per update (default 256)")
    p.add_argument("--lr", type=float, default=1e-3, help="Adam's learning rate (default 0.001)")
    p.add_argument("--hidden", type=int, default=128, help="units in each of the two hidden layers (default 128)")
    p.add_argument("--epochs", type=int, default=4, help="PPO epochs over each update's decisions (default 4)")
    p.add_argument("--threads", type=int, default=1,
                   help="torch threads (default 1: on a shared 2-core machine more threads only contend)")
    p.add_argument("--eval-games", type=int, default=200,
                   help="evaluation games against random and greedy (default 200)")
    p.add_argument("--ismcts-games", type=int, default=10,
                   help="evaluation games against ismcts (slow: some 3 s a game of Boomerang: Australia, "
                        "10-15 s of the others; default 10)")
    p.add_argument("--save", default=None, help="where to save the trained policy (torch.save)")
    args = p.parse_args(argv)
    for name in ("games", "hidden", "epochs", "threads", "updates"):
        if getattr(args, name) is not None and getattr(args, name) < 1:
            p.error(f"--{name} must be at least 1, not {getattr(args, name)}")
    for name in ("minutes", "lr"):
        if not getattr(args, name) > 0:  # nan too
            p.error(f"--{name} must be a positive number, not {getattr(args, name)}")
    for name in ("eval_games", "ismcts_games"):
        if getattr(args, name) < 0:
            p.error(f"--{name.replace('_', '-')} must be 0 or more, not {getattr(args, name)}")
    if args.save and not os.path.isdir(os.path.dirname(os.path.abspath(args.save))):
        p.error(f"--save: no directory {os.path.dirname(os.path.abspath(args.save))}")
    try:
        rules = br.load_rules(args.rules)
    except br.RulesError as exc:  # as the command line's --rules: 2 if unreadable, 1 if it breaks the rules
        if any(problem.rule == "io" for problem in exc.problems):
            p.error(str(exc))
        print(f"train_ppo.py: {exc}", file=sys.stderr)
        raise SystemExit(1) from None
    if not rules.players.min <= PLAYERS <= rules.players.max:  # the vector env's traceback otherwise
        p.error(f"--rules: the example trains {PLAYERS} players; {rules.id!r} is for {rules.players.min} to "
                f"{rules.players.max} players")

    torch.manual_seed(args.seed)
    torch.set_num_threads(args.threads)
    env = VectorEnv(rules, players=PLAYERS, games=args.games, reward="round", copy=False)
    policy = Policy(env.observation_size, env.num_actions, args.hidden)
    opt = torch.optim.Adam(policy.parameters(), lr=args.lr)
    start = time.monotonic()
    budget = args.minutes * 60
    margin_scale = 1.0
    update_no = 0
    while time.monotonic() - start < budget and (args.updates is None or update_no < args.updates):
        data = rollout(env, policy, args.seed * 100_003 + update_no * args.games, cap=5_000)
        margin_scale = 0.9 * margin_scale + 0.1 * max(1.0, float(np.abs(data["margin"]).mean())) \
            if update_no else max(1.0, float(np.abs(data["margin"]).mean()))
        b = batch_of(data, margin_scale)
        update(policy, opt, b, epochs=args.epochs)
        update_no += 1
        print(f"update {update_no:4d}  {time.monotonic() - start:6.0f}s  decisions {len(b['act']):6d}  "
              f"wins vs random (training, sampled) {data['won'].mean():.1%}  "
              f"unfinished {(~data['finished']).sum()}", flush=True)
    print(f"trained {update_no} updates in {time.monotonic() - start:.0f}s")
    if args.save:
        torch.save(policy.state_dict(), args.save)
    policy.eval()
    for bot, n in (("random", args.eval_games), ("greedy", args.eval_games), ("ismcts", args.ismcts_games)):
        if n <= 0:
            continue
        t = time.monotonic()
        rate = evaluate(policy, rules, bot, n, seed=10_000_000 + args.seed)
        print(f"eval vs 3 {bot:6s}: {rate:.1%} wins of {n} games ({time.monotonic() - t:.0f}s)", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
