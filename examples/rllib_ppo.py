"""Train PPO with action masking (RLlib's new API stack) on a shipped gymnasium env, on a local Ray instance.

    pip install '.[rllib]'      # from a checkout: ray[rllib] and torch (CPU is enough)
    python examples/rllib_ppo.py --rules standard --iterations 30
    python examples/rllib_ppo.py --rules sea-salt-paper --players 3 --opponents greedy

One seat learns (``boomerang_rules.rl.gym``: observations and the legal-action mask under the keys
RLlib's ``ActionMaskingTorchRLModule`` reads), the library's bots play the others. The env is the
shipped one, unpatched: each env runner makes it by its gymnasium id, ``module:id`` so that the
runner's process imports the module that registers it. Each iteration prints the mean return of
the episodes it finished (with the default ``--reward win``: the share of games won, a shared win
counting; 1 / players is what random play gets against random bots). Ray runs with no dashboard,
every service of it listening on the loopback address only (``core.parallel.init_local_ray``:
``ray.init(_node_ip_address="127.0.0.1")`` alone would not do it, Ray puts the machine's address
in its place).
"""

from __future__ import annotations

import argparse
import math
import sys
import time
from typing import Any


def parse(argv: list[str] | None) -> argparse.Namespace:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--rules", default="standard",
                   help="a ruleset or variant id of any game, or a path (default: standard, Boomerang: Australia)")
    p.add_argument("--players", type=int, default=None, help="player count (default: 4, within the ruleset's range)")
    p.add_argument("--opponents", default="random",
                   help="bot at every other seat: random, greedy, ismcts:N; or one per other seat, comma-separated "
                        "(greedy,random,random)")
    p.add_argument("--reward", default="win", choices=("win", "margin", "final", "round"),
                   help="the learner's reward: win, 1 for a win (a shared one too) at the end; margin, its total "
                        "less the best other seat's at the end; final, its total at the end; round, the points "
                        "it scores as the game scores them (default win)")
    p.add_argument("--iterations", type=int, default=10, help="training iterations (default 10)")
    p.add_argument("--batch", type=int, default=2000, help="env steps per iteration (default 2000)")
    p.add_argument("--minibatch", type=int, default=250, help="SGD minibatch size (default 250)")
    p.add_argument("--epochs", type=int, default=10, help="SGD epochs per iteration (default 10)")
    p.add_argument("--runners", type=int, default=1,
                   help="env runner processes, each taking a CPU (default 1; 0 samples in the driver process)")
    p.add_argument("--seed", type=int, default=0, help="seed of RLlib and of the envs (default 0)")
    p.add_argument("--cpus", type=int, default=None, help="CPUs for the local Ray instance (default: all)")
    args = p.parse_args(argv)
    if "," in args.opponents:  # one per other seat, in seat order, as the env's ``opponents`` takes a list
        args.opponents = [name.strip() for name in args.opponents.split(",")]
    for name in ("iterations", "batch", "minibatch", "epochs"):
        if getattr(args, name) < 1:
            p.error(f"--{name} must be at least 1, not {getattr(args, name)}")
    if args.runners < 0:
        p.error(f"--runners must be 0 or more, not {args.runners}")
    # each env runner takes a CPU: Ray would wait for ever for one it does not have
    if args.cpus is not None and args.cpus < 1:
        p.error(f"--cpus must be at least 1, not {args.cpus}")
    if args.cpus is not None and args.runners > args.cpus:
        p.error(f"--runners {args.runners} needs as many CPUs, --cpus gives {args.cpus}")
    return args


def config_for(args: argparse.Namespace) -> Any:
    """The PPO config: the game's shipped env by id, the action-masking RL module, small networks."""
    from ray.rllib.algorithms.ppo import PPOConfig
    from ray.rllib.core.rl_module.rl_module import RLModuleSpec
    from ray.rllib.examples.rl_modules.classes.action_masking_rlm import ActionMaskingTorchRLModule

    from boomerang_rules import load_rules
    from boomerang_rules.rl.gym import env_id

    game = load_rules(args.rules).game
    env_config: dict[str, Any] = {"rules": args.rules, "opponents": args.opponents, "reward": args.reward}
    if args.players is not None:
        env_config["players"] = args.players
    return (
        PPOConfig()
        .environment(env=f"boomerang_rules.rl.gym:{env_id(game)}", env_config=env_config)
        .env_runners(num_env_runners=args.runners, num_envs_per_env_runner=1,
                     rollout_fragment_length="auto", num_cpus_per_env_runner=1,
                     # RLlib drops a runner's samples after 60 s by default: on a loaded machine a whole
                     # iteration's were lost (nan means); wait for them instead.
                     sample_timeout_s=3600.0)
        .learners(num_learners=0)
        .training(train_batch_size_per_learner=args.batch, minibatch_size=args.minibatch, num_epochs=args.epochs,
                  lr=3e-4, gamma=0.99, entropy_coeff=0.01)
        .rl_module(rl_module_spec=RLModuleSpec(module_class=ActionMaskingTorchRLModule,
                                               model_config={"fcnet_hiddens": [128, 128], "vf_share_layers": False}))
        .debugging(seed=args.seed, log_level="ERROR")
    )


def main(argv: list[str] | None = None) -> int:
    args = parse(argv)
    from boomerang_rules import RulesError, load_rules

    try:  # refused as the command line's --rules is: 2 for a file it cannot read, 1 for one that breaks the rules
        rules = load_rules(args.rules)
    except RulesError as exc:
        print(f"rllib_ppo.py: {exc}", file=sys.stderr)
        return 2 if any(problem.rule == "io" for problem in exc.problems) else 1
    try:
        import ray
        from ray.rllib.algorithms.ppo import PPOConfig  # noqa: F401  (fail here, not in a worker)
    except ImportError as exc:
        print(f"rllib_ppo.py needs ray[rllib] and torch: pip install '.[rllib]' from a checkout ({exc})",
              file=sys.stderr)
        return 2
    from boomerang_rules.core.parallel import ParallelError, init_local_ray
    from boomerang_rules.rl.gym import SingleAgentEnv

    try:  # the env's own checks, with a clear message, before any worker starts
        probe = SingleAgentEnv(rules=rules, players=args.players, opponents=args.opponents,
                               reward=args.reward)
    except (TypeError, ValueError) as exc:
        print(f"rllib_ppo.py: {exc}", file=sys.stderr)
        return 2
    opponents = args.opponents if isinstance(args.opponents, str) else ",".join(args.opponents)
    print(f"{probe.rules.name} ({probe.rules.id}), {probe.players} players, opponents {opponents}, "
          f"reward {args.reward}: {probe.observation_space['observations'].shape[0]} observations, "
          f"{probe.action_space.n} actions", flush=True)
    try:
        init_local_ray(args.cpus)
    except ParallelError as exc:
        print(f"rllib_ppo.py: {exc}", file=sys.stderr)
        return 1
    try:
        cpus = int(ray.cluster_resources().get("CPU", 0))
        if args.runners > cpus:  # the machine's CPUs (no --cpus): Ray would wait for ever for the runners'
            print(f"rllib_ppo.py: --runners {args.runners} needs as many CPUs, the local Ray instance has {cpus} "
                  "(--cpus)", file=sys.stderr)
            return 2
        algo = config_for(args).build_algo()
        start = time.monotonic()
        for i in range(1, args.iterations + 1):
            result = algo.train()
            runners = result.get("env_runners", {})
            mean = runners.get("episode_return_mean", math.nan)
            episodes = runners.get("num_episodes", 0)
            steps = runners.get("num_env_steps_sampled_lifetime", 0)
            print(f"iteration {i:3d}: mean reward {mean:7.3f} over {episodes} episodes "
                  f"({int(steps)} env steps, {time.monotonic() - start:.0f} s)", flush=True)
        algo.stop()
    finally:
        ray.shutdown()
    return 0


if __name__ == "__main__":
    sys.exit(main())
