"""The learned value of a Trek 12 position: its tables belong to one sheet layout and reading, a damaged or
foreign file is refused (and then not used), a fit is repeatable, the fast greedy player agrees with the
value move by move and plays only legal moves, the shipped tables play well on their own, and the coach's
playouts use them where they are shipped and only there."""

from __future__ import annotations

import json
import random
import statistics

import pytest

from companion.errors import DataError
from companion.games.trek12 import coach
from companion.games.trek12 import playout as sim
from companion.games.trek12 import value as vm
from companion.games.trek12.data import SHEET_NAMES, load_sheet, sheet_from_dict
from companion.games.trek12.rules import ROLLS, Ruleset, apply, legal_actions, new_game
from test_trek12_support import make_sheet

# The printed sheets whose tables are shipped (data/trek12/values/): where playouts greedy on the learned
# value made the coach stronger than its fast policy's playouts, on the same dice.
SHIPPED = ("kagkot", "dhaulagiri")
RING = make_sheet(9, [(i, (i + 1) % 9) for i in range(9)] + [(0, 4), (2, 6)], dangerous=(3, 7), op_limit=2,
                  name="Ring")


@pytest.fixture
def fresh_cache(monkeypatch, tmp_path):
    """Tables read from tmp_path instead of the shipped folder, with nothing remembered from other tests."""
    monkeypatch.setattr(vm, "folder", lambda: tmp_path)
    monkeypatch.setattr(vm, "_CACHE", {})
    monkeypatch.setattr(vm, "_FILES", None)
    return tmp_path


def _position(sheet, seed, moves):
    """A playout position after `moves` random legal moves on `sheet`."""
    rng = random.Random(seed)
    state = new_game(sheet, Ruleset(merge_lines=True))
    for _ in range(moves):
        state = apply(state, rng.choice(legal_actions(state, rng.choice(ROLLS))))
    return sim.from_board(state.board, state.ops)


def test_the_fingerprint_follows_the_layout_not_the_name():
    dunai = load_sheet("dunai")
    copy = sheet_from_dict({**dunai.to_dict(), "name": "My Dunai", "source": "drawn by hand"})
    assert vm.fingerprint(copy) == vm.fingerprint(dunai)
    doc = dunai.to_dict()
    doc["op_limit"] = dunai.op_limit + 1
    assert vm.fingerprint(sheet_from_dict(doc)) != vm.fingerprint(dunai)
    assert len({vm.fingerprint(load_sheet(name)) for name in SHEET_NAMES}) == 3


@pytest.mark.parametrize("name", SHEET_NAMES)
def test_a_shipped_table_is_found_for_its_sheet_and_a_copy_of_it_and_only_under_its_reading(name):
    sheet = load_sheet(name)
    copy = sheet_from_dict({**sheet.to_dict(), "name": "Copied"})
    table = vm.for_sheet(sheet)
    assert vm.for_sheet(sheet, merge=False) is None     # every table is fitted under the merge reading
    if name not in SHIPPED:
        assert table is None and vm.for_sheet(copy) is None
        return
    assert table is not None and table.sheet.key == name
    assert table.fit_info["ruleset"] == "merge"
    assert sum(1 for w in table.weights if w) > 1000
    assert vm.for_sheet(copy) is not None


def test_a_custom_layout_has_no_table():
    assert vm.for_sheet(RING) is None


def _noise(sheet, seed=5):
    """A table of random weights for sheet (the fast player must agree with any weights, not only fitted ones)."""
    rng = random.Random(seed)
    return vm.ValueTable(sheet, [round(rng.uniform(-3, 3), 4) if rng.random() < 0.5 else 0.0
                                 for _ in range(len(vm.ValueTable(sheet).weights))])


def test_a_full_sheet_is_worth_its_total_and_any_other_its_total_plus_its_weights():
    sheet = load_sheet("dunai")
    table = _noise(sheet)
    full = _position(sheet, 1, sheet.n)
    assert full.filled == full.g.full
    assert table.value(full) == full.total()
    mid = _position(sheet, 2, 9)
    feats = table.features(mid)
    assert len(feats) == len(set(feats)) == len(table.pairs) + sheet.n + 5
    assert table.value(mid) == pytest.approx(mid.total() + sum(table.weights[x] for x in feats))


def test_a_saved_table_reads_back_with_its_weights_under_its_own_reading(fresh_cache):
    sheet = load_sheet("kagkot")
    weights = _noise(sheet).weights
    vm.save(vm.ValueTable(sheet, weights, {"games": 1, "ruleset": "rulebook"}), fresh_cache / "kagkot.json")
    back = vm.for_sheet(sheet, merge=False)
    assert back is not None and back.weights == pytest.approx(weights, abs=1e-9)
    assert back.fit_info == {"games": 1, "ruleset": "rulebook"}
    assert vm.for_sheet(sheet) is None


@pytest.mark.parametrize("damage, message", [
    (lambda d: d.update(format=99), "format"),
    (lambda d: d.update(fingerprint="0" * 16), "another sheet layout"),
    (lambda d: d.update(size=d["size"] + 1), "do not match"),
    (lambda d: d["weight"].pop(), "do not match"),
    (lambda d: d["index"].__setitem__(0, 10 ** 9), "not an index"),
    (lambda d: d["weight"].__setitem__(0, "big"), "not an index"),
    (lambda d: d.update(scale=0), "do not match"),
])
def test_a_damaged_table_is_refused_with_a_reason_and_not_used(fresh_cache, damage, message):
    sheet = load_sheet("dunai")
    doc = vm.ValueTable(sheet, [0.5] * len(vm.ValueTable(sheet).weights)).to_dict()
    damage(doc)
    with pytest.raises(DataError, match=message):
        vm.load(doc, sheet)
    (fresh_cache / "dunai.json").write_text(json.dumps(doc), encoding="utf-8")
    (fresh_cache / "broken.json").write_text("{not json", encoding="utf-8")
    assert vm.for_sheet(sheet) is None


def test_a_fit_is_repeatable_and_learns_from_every_game():
    sheet = load_sheet("dunai")
    seen = []
    one = vm.fit(sheet, 12, random.Random(3), report=lambda n, t: seen.append(n), every=5)
    two = vm.fit(sheet, 12, random.Random(3))
    assert seen == [5, 10, 12]
    assert one.weights == two.weights
    assert any(one.weights)
    assert vm.fit(sheet, 12, random.Random(4)).weights != one.weights
    with pytest.raises(ValueError):
        vm.fit(sheet, 0, random.Random(3))


def test_a_fit_goes_on_from_a_table_as_if_it_had_not_stopped():
    sheet = load_sheet("dunai")
    first = vm.fit(sheet, 6, random.Random(3))
    weights = list(first.weights)
    on = vm.fit(sheet, 5, random.Random(9), start=first)
    assert first.weights == weights  # the table gone on from is left as it was
    rng = random.Random(9)
    again = vm.ValueTable(sheet, list(weights))
    for _ in range(5):
        vm.self_play(again, rng, learn=True, alpha=0.002, explore=0.02)
    assert on.weights == again.weights
    assert on.fit_info["games"] == 11
    assert [stage["games"] for stage in on.fit_info["stages"]] == [6, 5]
    with pytest.raises(ValueError, match="another layout"):
        vm.fit(load_sheet("kagkot"), 1, random.Random(1), start=first)
    with pytest.raises(ValueError, match="reading"):
        vm.fit(sheet, 1, random.Random(1), start=first, merge=False)


def test_the_fitting_command_writes_a_table_the_coach_can_read(tmp_path, capsys):
    out = tmp_path / "dunai.json"
    assert vm.main(["dunai", "--games", "3", "--seed", "2", "--out", str(out)]) == 0
    assert "wrote" in capsys.readouterr().out
    doc = json.loads(out.read_text(encoding="utf-8"))
    assert doc["fit"]["games"] == 3 and doc["fit"]["stages"][0]["seed"] == 2
    more = tmp_path / "more.json"
    assert vm.main(["dunai", "--resume", str(out), "--games", "2", "--seed", "5", "--out", str(more)]) == 0
    on = json.loads(more.read_text(encoding="utf-8"))["fit"]
    assert on["games"] == 5 and [s["seed"] for s in on["stages"]] == [2, 5]
    with pytest.raises(SystemExit):
        vm.main(["kagkot", "--resume", str(out), "--games", "1", "--out", str(more)])  # another layout
    with pytest.raises(SystemExit):
        vm.main(["dunai", "--resume", str(tmp_path / "missing.json"), "--games", "1"])
    assert vm.load(doc, load_sheet("dunai")).weights == pytest.approx(vm.fit(
        load_sheet("dunai"), 3, random.Random(2)).weights, abs=1e-4)
    with pytest.raises(SystemExit):
        vm.main(["everest"])


@pytest.mark.parametrize("name", SHIPPED)
def test_the_shipped_table_alone_plays_far_better_than_no_table(name):
    # Greedy on the value, no lookahead: the fitted tables score in the 80s, all-zero tables (the current
    # total alone) in the 40s to 50s.
    sheet = load_sheet(name)
    table = vm.for_sheet(sheet)
    blank = vm.ValueTable(sheet)
    games = range(12)
    fitted = statistics.mean(vm.self_play(table, random.Random(f"t/{k}")) for k in games)
    zero = statistics.mean(vm.self_play(blank, random.Random(f"t/{k}")) for k in games)
    assert fitted > zero + 15
    assert fitted > 70


def _positions(sheet, merge, count, seed):
    """Playout positions part-way through games played by the fast policy, half of them with cards tracked."""
    rng = random.Random(f"{sheet.name}/{merge}/{seed}")
    for n in range(count):
        state = new_game(sheet, Ruleset(merge_lines=merge))
        earn = n % 2 == 1
        p = sim.from_board(state.board, state.ops, rng.randrange(3) if earn else 0, earn=earn)
        for _ in range(rng.randrange(sheet.n)):
            move = sim._policy_move(p, sim.ROLL_VALUES[rng.randrange(36)], merge, sim.DEFAULT_WEIGHTS, rng)
            if move is None:
                break
            k, i, d, u, v = move
            p.put(i, v, d, u, k)
        yield p, sim.ROLL_VALUES[rng.randrange(36)]


@pytest.mark.parametrize("merge", [True, False])
@pytest.mark.parametrize("sheet", [load_sheet(name) for name in SHEET_NAMES] + [RING], ids=lambda s: s.name)
def test_the_fast_greedy_player_scores_every_move_as_the_value_of_its_position(sheet, merge):
    tables = [_noise(sheet)] + [t for t in (vm.for_sheet(sheet),) if t is not None]
    for table in tables:
        greedy = vm.Greedy(table)
        weighed_all = 0
        for p, values in _positions(sheet, merge, 60, 1):
            scores = []
            best = greedy.move(p, values, merge, scores=scores)
            legal = {(k, i, d, u, values[k]) for k, i, d, u in sim.moves(p, values, merge)}
            assert {move for _, move in scores} <= legal
            if not legal:
                assert best is None
                continue
            # One option per distinct number is weighed (the one whose box costs least), with every circle
            # and link choice: so every distinct (circle, number, links) is there.
            assert {m[1:] for _, m in scores} == {m[1:] for m in legal}
            worth = {}
            for s, (k, i, d, u, v) in scores:
                q = p.copy()
                q.put(i, v, d, u, k)
                worth[(k, i, d, u, v)] = table.value(q) - s
            shift = next(iter(worth.values()))
            assert all(x == pytest.approx(shift, abs=1e-6) for x in worth.values())
            top = max(table.value((lambda q: (q.put(i, v, d, u, k), q)[1])(p.copy())) for k, i, d, u, v in legal)
            assert max(s for s, _ in scores) + shift == pytest.approx(top, abs=1e-6)
            assert dict((m, s) for s, m in scores)[best] >= max(s for s, _ in scores) - 1e-9
            weighed_all += len(scores)
        assert weighed_all > 300


def test_the_fast_greedy_player_breaks_ties_at_random_and_plays_legal_games_to_the_end():
    sheet = load_sheet("dunai")
    greedy = vm.Greedy(vm.ValueTable(sheet))    # all weights 0: a lone number is as good anywhere
    state = new_game(sheet, Ruleset(merge_lines=True))
    start = sim.from_board(state.board, state.ops)
    firsts = {greedy.move(start, sim.ROLL_VALUES[7], True, random.Random(n))[1] for n in range(40)}
    assert len(firsts) > 5
    assert {greedy.move(start, sim.ROLL_VALUES[7], True)[1] for _ in range(5)} == {0}
    table = _noise(sheet)
    for n in range(20):
        p = start.copy()
        rng = random.Random(n)
        dice = [rng.randrange(36) for _ in range(sheet.n)]
        final = table.greedy().playout(p, random.Random(n), True, dice)
        assert p.filled == p.g.full and final == p.total()


def _midgame(sheet, merge, seed=4, moves=5):
    rng = random.Random(seed)
    state = new_game(sheet, Ruleset(merge_lines=merge))
    for _ in range(moves):
        state = apply(state, rng.choice(legal_actions(state, rng.choice(ROLLS))))
    return state, rng.choice(ROLLS)


@pytest.mark.parametrize("name", SHIPPED)
def test_where_a_table_is_shipped_the_coach_plays_its_share_of_playouts_greedy_on_it(name):
    sheet = load_sheet(name)
    state, roll = _midgame(sheet, True)
    learned = coach.advise(state, roll, random.Random(9), playouts=600)
    plain = coach.advise(state, roll, random.Random(9), playouts=600, learned=False)
    assert sum(r.playouts for r in plain.moves) == 600
    assert sum(r.playouts for r in learned.moves) == round(600 * coach.VALUE_SHARE)
    assert {r.action for r in learned.moves} == {r.action for r in plain.moves}
    assert [r.expected for r in learned.moves] != [r.expected for r in plain.moves]


@pytest.mark.parametrize("sheet, merge", [(load_sheet(SHIPPED[0]), False)]
                         + [(load_sheet(name), True) for name in SHEET_NAMES if name not in SHIPPED] + [(RING, True)],
                         ids=lambda x: x.name if hasattr(x, "name") else ("merge" if x else "rulebook"))
def test_without_a_table_for_the_layout_and_reading_the_coach_plays_its_fast_policy(sheet, merge):
    state, roll = _midgame(sheet, merge, moves=3)
    plain = coach.advise(state, roll, random.Random(9), playouts=300, learned=False)
    assert coach.advise(state, roll, random.Random(9), playouts=300) == plain
