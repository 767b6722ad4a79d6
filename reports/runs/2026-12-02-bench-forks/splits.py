"""Reproduces the numbers of README.md here from forks.json: python3 splits.py"""
import itertools, json, os, statistics as st

HERE = os.path.dirname(os.path.abspath(__file__))
res = {(r["target"], r["pattern"], r["consumers"]): r["rawData"] for r in json.load(open(os.path.join(HERE, "forks.json")))}
FORKS = 4
med = st.median


def flat(forks):
    return [v for f in forks for v in f]


def iteration_pairs(a, b):  # the interval before: every pair of single iterations
    return min(flat(a)) / max(flat(b)), max(flat(a)) / min(flat(b))


def fork_medians(a, b):  # the interval now: every pair of fork medians
    return min(map(med, a)) / max(map(med, b)), max(map(med, a)) / min(map(med, b))


def within_2x(interval):
    low, high = interval
    return "met" if high <= 2 else "not met" if low > 2 else "undecided"


def halves(fork):
    h = len(fork) // 2
    return fork[:h], fork[len(fork) - h:]


def apart(a, b):
    return abs(med(a) - med(b)) / min(med(a), med(b))


# the ratios judged against 2x of the API floor: wheel at every point measured, cached-count at 4096 in LOCKSTEP
ratios = [k for k in sorted(res) if k[0] == "wheel"] + [("cached-count", "LOCKSTEP", 4096)]
splits = [((0, 1), (2, 3)), ((0, 2), (1, 3)), ((0, 3), (1, 2))]
print(f"{len(res)} benchmarks, {FORKS} forks each; {len(ratios)} ratios judged against 2x of the API floor")
for rule in (iteration_pairs, fork_medians):
    disagree = []
    for k in ratios:
        floor = res[("floor-api", k[1], k[2])]
        verdicts = [tuple(within_2x(rule([res[k][i] for i in run], [floor[i] for i in run])) for run in split)
                    for split in splits]
        if any(a != b for a, b in verdicts):
            disagree.append(f"{k[0]} {k[1]} n={k[2]} {verdicts}")
    print(f"{rule.__name__}: two runs of two forks disagree in some split on {len(disagree)} of {len(ratios)} ratios")
    for d in disagree:
        print("   ", d)
    highs = [max(rule([res[k][i] for i in run], [res[("floor-api", k[1], k[2])][i] for i in run])[1]
                 for k in ratios if k[0] == "wheel") for split in splits for run in split]
    print(f"    wheel's worst high per run of two forks: {', '.join(f'{h:.2f}' for h in highs)}")
    for name, keys in (("wheel within 2x at every point", [k for k in ratios if k[0] == "wheel"]),
                       ("cached-count within 2x at 4096", [("cached-count", "LOCKSTEP", 4096)])):
        per_split = []
        for split in splits:
            outs = []
            for run in split:
                each = {within_2x(rule([res[k][i] for i in run], [res[("floor-api", k[1], k[2])][i] for i in run]))
                        for k in keys}
                outs.append("not met" if "not met" in each else "undecided" if "undecided" in each else "met")
            per_split.append("/".join(outs))
        print(f"    target '{name}', the two runs of each split: {', '.join(per_split)}")

single = [apart(*halves(f)) for forks in res.values() for f in forks]
print(f"steady-state rule, one fork: {sum(d > 0.5 for d in single)} of {len(single)} forks over 50%")
strict = pooled = 0
largest = 0.0
total = 0
for forks in res.values():
    for pair in itertools.combinations(range(FORKS), 2):
        total += 1
        strict += any(apart(*halves(forks[i])) > 0.5 for i in pair)
        first = [x for i in pair for x in halves(forks[i])[0]]
        second = [x for i in pair for x in halves(forks[i])[1]]
        largest = max(largest, apart(first, second))
        pooled += apart(first, second) > 0.5
print(f"two-fork results: {total}; every fork within 50%: {strict} fail; pooled halves: {pooled} fail,"
      f" largest {100 * largest:.0f}%")
