"""Elo ratings from match results: a Bradley-Terry fit by maximum likelihood.

    ratings = fit(pairs, anchor="greedy", anchor_elo=1000)
    low, high = interval(games, anchor="greedy")   # bootstrap 95% interval

`pairs` maps (a, b) to (score of a, games): a win 1, a draw 1/2. The model:
a scores against b with probability 1 / (1 + 10 ** ((Rb - Ra) / 400)), so a
75% score is +191 Elo. The fit is Newton's method on the log-likelihood with
the anchor held fixed. A player who won (or lost) every game has no finite
maximum, so `prior` adds that many drawn games to every pair that was
played (BayesElo's "virtual draws"): a handful pulls a 40-0 rating in to a
few hundred points and moves a 30-10 score by a few.
"""
import math
import random

SCALE = 400 / math.log(10)       # natural units -> Elo points
PRIOR = 1.0                      # virtual drawn games added to each played pair


class FitError(ValueError):
    """Results that do not define the ratings asked for."""


def _players(pairs):
    out = []
    for a, b in pairs:
        for p in (a, b):
            if p not in out:
                out.append(p)
    return out


def connected(pairs, anchor):
    """The players linked to the anchor by games (the only ones a fit rates)."""
    seen = {anchor}
    grow = True
    while grow:
        grow = False
        for (a, b), (_, n) in pairs.items():
            if n and (a in seen) != (b in seen):
                seen.add(b if a in seen else a)
                grow = True
    return seen


def _solve(h, g):
    """x with h x = g (Gauss-Jordan with partial pivoting; h is small)."""
    n = len(g)
    m = [list(h[i]) + [g[i]] for i in range(n)]
    for c in range(n):
        p = max(range(c, n), key=lambda r: abs(m[r][c]))
        if abs(m[p][c]) < 1e-12:
            raise FitError("the results do not tie the ratings together")
        m[c], m[p] = m[p], m[c]
        for r in range(n):
            if r != c and m[r][c]:
                f = m[r][c] / m[c][c]
                m[r] = [x - f * y for x, y in zip(m[r], m[c])]
    return [m[i][n] / m[i][i] for i in range(n)]


def _loglik(items, r):
    total = 0.0
    for a, b, s, n in items:
        d = r[a] - r[b]
        # log sigma(d) = -log(1 + e^-d), written to stay finite for large |d|
        la = -math.log1p(math.exp(-d)) if d > -30 else d
        lb = -math.log1p(math.exp(d)) if d < 30 else -d
        total += s * la + (n - s) * lb
    return total


def fit(pairs, anchor, anchor_elo=1000.0, prior=PRIOR):
    """{player: Elo} for the players connected to `anchor`; FitError if the
    anchor played no game."""
    players = [p for p in _players(pairs) if p in connected(pairs, anchor)]
    if anchor not in players:
        raise FitError("%s played no game: nothing to rate against" % anchor)
    items = []
    for (a, b), (s, n) in pairs.items():
        if n and a in players and b in players:
            items.append((a, b, s + prior / 2.0, n + prior))
    free = [p for p in players if p != anchor]
    r = dict((p, 0.0) for p in players)
    for _ in range(100):
        grad = dict((p, 0.0) for p in free)
        hess = dict(((p, q), 0.0) for p in free for q in free)
        for a, b, s, n in items:
            e = 1.0 / (1.0 + math.exp(r[b] - r[a]))
            w = n * e * (1.0 - e)
            for p, sign in ((a, 1.0), (b, -1.0)):
                if p in grad:
                    grad[p] += sign * (s - n * e)
                    hess[(p, p)] -= w
            if a in grad and b in grad:
                hess[(a, b)] += w
                hess[(b, a)] += w
        if not free or max(abs(v) for v in grad.values()) < 1e-9:
            break
        step = _solve([[-hess[(p, q)] for q in free] for p in free], [grad[p] for p in free])
        before = _loglik(items, r)
        t = 1.0
        while True:              # Newton's step, halved until it does not lose ground
            trial = dict(r)
            for p, d in zip(free, step):
                trial[p] += t * d
            if _loglik(items, trial) >= before - 1e-12 or t < 1e-6:
                break
            t /= 2
        r = trial
    return dict((p, anchor_elo + SCALE * r[p]) for p in players)


def tally(games):
    """{(a, b): (score of a, games)} from a list of (a, b, score of a)."""
    out = {}
    for a, b, s in games:
        if (b, a) in out:
            a, b, s = b, a, 1.0 - s
        t = out.get((a, b), (0.0, 0))
        out[(a, b)] = (t[0] + s, t[1] + 1)
    return out


def interval(games, anchor, anchor_elo=1000.0, prior=PRIOR, rounds=200, seed=1, level=0.95):
    """{player: (low, high)}: the bootstrap interval of each rating. Each
    round draws every pair's games again, as many with replacement, and fits
    again; the interval holds the middle `level` of the fits."""
    by_pair = {}
    for a, b, s in games:
        key = (a, b) if (b, a) not in by_pair else (b, a)
        by_pair.setdefault(key, []).append(s if key == (a, b) else 1.0 - s)
    rng = random.Random(seed)
    runs = {}
    for _ in range(rounds):
        pairs = {}
        for key, scores in by_pair.items():
            pick = [scores[rng.randrange(len(scores))] for _ in scores]
            pairs[key] = (sum(pick), len(pick))
        for p, v in fit(pairs, anchor, anchor_elo, prior).items():
            runs.setdefault(p, []).append(v)
    out = {}
    cut = (1.0 - level) / 2
    for p, vs in runs.items():
        vs.sort()
        out[p] = (vs[int(cut * (len(vs) - 1))], vs[int(round((1 - cut) * (len(vs) - 1)))])
    return out
