"""Gerry over nine rounds: the solo row, his take of the rightmost Climb, his tuck by Class, the result."""

from __future__ import annotations

import pytest

from companion.games.fourteeners import rules, session, solo
from companion.games.fourteeners.catalog import import_catalog
from companion.games.fourteeners.data import Side
from companion.games.fourteeners.rules import Gain, Phase, Reveal
from test_fourteeners_fixtures import synthetic_catalog_doc

BY_CLASS = {1: Side.TRAINING, 2: Side.PLANS, 3: Side.CAPSTONE, 4: Side.CAPSTONE}


def test_gerrys_table() -> None:
    assert [solo.gerry_side(k) for k in (1, 2, 3, 4)] == [BY_CLASS[k] for k in (1, 2, 3, 4)]
    assert solo.gerry_pick(["a", "b", "c"]) == 2
    assert solo.place_reveal(("a", "b"), "n", solo=True) == ("n", "a", "b")
    assert solo.place_reveal(("a", "b"), "n", solo=False) == ("a", "b", "n")


@pytest.mark.parametrize("weather", [False, True])
def test_nine_solo_rounds_row_and_gerrys_tucks(weather: bool) -> None:
    catalog = import_catalog(synthetic_catalog_doc())
    counts = rules.deck_counts(1)
    # The solo deck: 5/6/6/4 cards of Class I-IV, stacked Class I on top.
    deck = [card.name for k in (1, 2, 3, 4) for card in [c for c in catalog.cards if c.klass == k][:counts[k]]]
    state = session.start({"players": ["Ann"], "weather": weather, "catalog": synthetic_catalog_doc()})
    draw = iter(deck)
    model: list[str] = []          # the row as the rulebook describes it, left to right

    def reveal() -> None:
        nonlocal state
        name = next(draw)
        state = rules.apply(state, Reveal(name))
        model.insert(0, name)                       # far left

    for _ in range(3):
        name = next(draw)
        state = rules.apply(state, Reveal(name))
        model.insert(0, name)
    gerry_took: list[tuple[str, Side]] = []
    for round_number in range(1, 10):
        assert state.round == round_number and state.turn == 0
        fog = weather and rules.weather_now(state).reveal_at_end
        if not fog:
            reveal()
            assert [c.name for c in state.row] == model
        gains = [a for a in rules.legal_actions(state) if isinstance(a, Gain) and not a.guides]
        action = gains[0] if gains else rules.legal_actions(state)[0]
        state = rules.apply(state, action)
        if isinstance(action, Gain):
            model.remove(action.card)                 # the others slide right: the order is kept
        before = len(state.players[1].tucked)
        if fog:
            # Your reveal comes at the end of your turn; Gerry, who ignores all Weather ('Solo Variant'), then
            # reveals first and takes the rightmost as in any round.
            assert state.phase is Phase.REVEAL and state.turn == 0
            reveal()
            assert state.turn == 1 and state.phase is Phase.REVEAL and len(state.players[1].tucked) == before
            reveal()
            taken = model.pop()
        else:
            assert state.turn == 1 and state.phase is Phase.REVEAL
            reveal()                                      # Gerry reveals, far left ...
            taken = model.pop()                           # ... and takes the rightmost
        gerry = state.players[1]
        assert len(gerry.tucked) == before + 1
        tucked = gerry.tucked[-1]
        assert tucked.card.name == taken and tucked.side is BY_CLASS[tucked.card.klass]
        gerry_took.append((taken, tucked.side))
        assert [c.name for c in state.row] == model
    assert state.phase is Phase.FINISHED
    assert len(gerry_took) == 9 and not state.players[1].guides
    assert {side for _, side in gerry_took} <= {Side.TRAINING, Side.PLANS, Side.CAPSTONE}
    record = session.summary(state)
    assert [p["name"] for p in record["players"]] == ["Ann", "Gerry"]
    assert record["title"] == "Ann vs Gerry"                 # the name the game had while it was played
    assert "accolade" not in record["detail"] and not any("accolade" in p for p in record["detail"]["players"])
    ann, gerry_score = (p["score"] for p in record["players"])
    assert record["detail"]["outcome"] in (f"You win, {ann} to {gerry_score}.",
                                           f"Gerry wins, {gerry_score} to {ann}.",
                                           f"A tie with Gerry at {ann} is not a win: only a higher score beats "
                                           "Gerry.")
    assert [p["winner"] for p in record["players"]].count(True) == 1


def test_gerry_ignores_requirements_and_weather() -> None:
    catalog = import_catalog(synthetic_catalog_doc())
    start = rules.new_game(rules.Setup((rules.PlayerSetup("Ann"),), weather=True, catalog=catalog))
    hard = catalog.card("Peak 4-1")
    assert hard is not None and hard.hazard

    def gerrys_turn(round_number: int, row: tuple) -> rules.State:
        return rules.State(setup=start.setup, players=start.players, cards=start.cards, row=row,
                           drawn=19, round=round_number, turn=1, phase=Phase.REVEAL)

    # A Class IV Climb with a Hazard requirement that Gerry's empty tableau could never meet.
    state = gerrys_turn(6, (catalog.card("Peak 4-3"), hard))
    assert not rules.gain_check(state, 1, "Peak 4-1").possible
    state = rules.apply(state, Reveal("Peak 4-4"))
    assert (state.players[1].tucked[-1].card.name, state.players[1].tucked[-1].side) == ("Peak 4-1", Side.CAPSTONE)
    assert [c.name for c in state.row] == ["Peak 4-4", "Peak 4-3"]
    # Round 8 is Heat, which (in this catalog) blocks Training: Gerry still tucks a Class I Climb there.
    state = gerrys_turn(8, (catalog.card("Peak 4-3"), catalog.card("Peak 1-1")))
    assert "Heat blocks the Training side" in dict(rules.gain_check(state, 1, "Peak 1-1").blocked)[Side.TRAINING]
    state = rules.apply(state, Reveal("Peak 4-4"))
    assert (state.players[1].tucked[-1].card.name, state.players[1].tucked[-1].side) == ("Peak 1-1", Side.TRAINING)


def test_solo_outcome_words() -> None:
    assert solo.outcome(30, 20, ["Ann"], "Ann") == "You win, 30 to 20."
    assert solo.outcome(20, 30, ["Gerry"], "Ann") == "Gerry wins, 30 to 20."
    assert solo.outcome(25, 25, ["Gerry"], "Ann") == ("A tie with Gerry at 25 is not a win: only a higher score "
                                                       "beats Gerry.")


def test_a_tie_with_gerry_is_not_a_win_whatever_the_capstones() -> None:
    # 'Solo Variant': "If your score is higher, you win!" -- fewer Capstone points do not make a tie a win.
    from companion.games.fourteeners.scoring import PlayerScore, _winners

    you = PlayerScore("Ann", "A", False, 0, 20, 5, 0, 25, ())
    gerry = PlayerScore("Gerry", "C", True, 0, 5, 20, 0, 25, ())
    assert _winners([you, gerry]) == ("Gerry",)
    assert _winners([you, PlayerScore("Gerry", "C", True, 0, 5, 19, 0, 24, ())]) == ("Ann",)


def test_the_french_solo_verdict_puts_no_comma_before_the_score() -> None:
    # "Vous gagnez, 25 à 24.": French says the score straight after the verb.
    from companion.i18n import tr, use_language

    with use_language("fr"):
        assert tr(solo.outcome(25, 24, ["Anne"], "Anne")) == "Vous gagnez 25 à 24."
        assert tr(solo.outcome(24, 25, [solo.gerry_name()], "Anne")) == f"{solo.gerry_name()} gagne 25 à 24."
