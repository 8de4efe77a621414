"""Expeditions in the app: start/apply/summary through the session keeper, saved after every change, and
everything (stars, cards, envelopes) as it was when the store is closed and opened again."""

from __future__ import annotations

import pytest

from companion.errors import IllegalAction
from companion.games.expedition import session
from companion.games.expedition.rules import Phase, standing
from companion.games.trek12.rules import Assist
from companion.sessions import SessionKeeper
from companion.store import hall_of_fame
from companion.store import open_store

ROPE, TENT = Assist.ROPE, Assist.TENT

# The first Ascent of a two-player Expedition with cards typed from the real deck.
ASCENT_1 = [
    {"type": "reveal", "cards": ["rope", "rope", "tent", "compass", "schnapps"]},
    {"type": "pick", "picks": [{"player": "Ann", "card": "rope", "zone": 1}, {"player": "Bob", "card": "tent"}]},
    {"type": "pick", "picks": [{"player": "Bob", "card": "rope", "zone": 0}]},
    {"type": "use", "player": "Bob", "card": "rope"},
    {"type": "score", "scores": {"Ann": 63, "Bob": 61}, "cash": {"Ann": ["rope"]},
     "challenges": {"Bob": [1]}, "date": "2026-03-01"},
    {"type": "open", "note": "Bob's envelope: a new card for the deck"},
]


def roster(store):
    return [store.players.add("Ann"), store.players.add("Bob")]


def test_start_apply_summary_without_the_store():
    state = session.start({"players": ["Ann", "Bob"], "cards": "off"})
    for points in ({"Ann": 70, "Bob": 60}, {"Ann": 60, "Bob": 72}, {"Ann": 80, "Bob": 75}):
        with pytest.raises(IllegalAction, match="the Expedition is not over"):
            session.summary(state)
        state = session.apply(state, {"type": "score", "scores": points})
    summary = session.summary(state)
    # Ann: Dunai 1+1, Kagkot 3 (60 < 70: no), Dhaulagiri 5+3 -> 10; Bob: 0, 3+2, 5 -> 10; totals 210 v 207.
    assert [(p["name"], p["score"], p["winner"]) for p in summary["players"]] == [("Ann", 10, True), ("Bob", 10, False)]
    assert summary["detail"]["decided_by"] == "score"
    assert summary["title"] == "Expedition: Dunai, Kagkot, Dhaulagiri"


def test_an_expedition_survives_closing_the_store(tmp_path):
    folder = tmp_path / "data"
    store = open_store(folder)
    ann, bob = roster(store)
    setup = hall_of_fame.expedition_setup(store, [{"id": ann.id, "name": "Ann"}, {"id": bob.id, "name": "Bob",
                                                                                  "paper": True}])
    keeper = SessionKeeper(store)
    game = keeper.start("expedition", setup, [ann.id, bob.id], "Spring Expedition")
    other = keeper.start("expedition", setup, [ann.id, bob.id], "Another one")
    for action in ASCENT_1:
        game = keeper.act(game.id, action)
    game = keeper.act(game.id, {"type": "reveal", "cards": ["tent", "tent", "compass", "schnapps"]})
    game = keeper.act(game.id, {"type": "pick", "picks": [{"player": "Bob", "card": "tent"}]})
    before = keeper.state(game.id)
    hall_of_fame.sync_expedition(store, game.id, before)
    store.close()

    store = open_store(folder)
    try:
        keeper = SessionKeeper(store)
        assert {s.title for s in keeper.in_progress()} == {"Spring Expedition", "Another one"}
        state = keeper.state(game.id)
        assert state == before
        assert (state.ascent, state.phase, state.lead) == (2, Phase.CLIMB, 1)
        assert state.hands == ((), (TENT, TENT))
        first = state.results[0]
        assert first.totals == (66, 61) and first.cashed == ((ROPE,), ())
        assert [s.total for s in first.stars] == [2, 0]  # Ann: summit 65 with her Rope cashed, and the race
        assert [(e.number, e.opener, e.note) for e in state.envelopes] == [
            (1, 1, "Bob's envelope: a new card for the deck")]
        assert [s.stars for s in standing(state)] == [2, 0]
        assert keeper.state(other.id).results == ()
        # The Hall of Fame has Ann's first Dunai record and the envelope is used up for the next Expedition.
        assert hall_of_fame.hall(store).column("dunai").record.names == ("Ann",)
        nxt = hall_of_fame.expedition_setup(store, ["Cy", "Dee"])
        assert nxt["records"]["dunai"] == {"score": 66, "names": ["Ann"], "date": "2026-03-01"}
        assert nxt["opened"] == [1]
        # Undo after reopening replays from the saved actions.
        game = keeper.undo(game.id)
        assert keeper.state(game.id).hands == ((), (TENT,))
    finally:
        store.close()


def finished_expedition(store):
    """Ann and Bob's Expedition without cards, its three Ascents scored and saved: (ann, bob, keeper, its id)."""
    ann, bob = roster(store)
    keeper = SessionKeeper(store)
    setup = {"players": [{"id": ann.id, "name": "Ann"}, {"id": bob.id, "name": "Bob"}], "cards": "off"}
    game = keeper.start("expedition", setup, [ann.id, bob.id], "Expedition")
    for points in ({"Ann": 70, "Bob": 60}, {"Ann": 60, "Bob": 72}, {"Ann": 80, "Bob": 74}):
        game = keeper.act(game.id, {"type": "score", "scores": points})
    return ann, bob, keeper, keeper.finish(game.id)


def test_a_finished_expedition_goes_to_history_with_stars_as_its_score(tmp_path):
    store = open_store(memory=True)
    try:
        ann, bob, keeper, record_id = finished_expedition(store)
        record = store.history.get(record_id)
        assert record["game"] == "expedition"
        # Ann: Dunai 1 + 1, Dhaulagiri 5 + 3; Bob: Kagkot 3 + 2 (74 misses Dhaulagiri's 75).
        assert [(p["id"], p["score"], p["winner"]) for p in record["players"]] == [(ann.id, 10, True),
                                                                                   (bob.id, 5, False)]
        assert record["detail"]["winner"] == "Ann" and record["detail"]["over"] is True
    finally:
        store.close()


def test_a_solo_expedition_in_history_names_max():
    state = session.start({"players": ["Ann"], "solo": "max", "cards": "off"})
    for points in ({"Ann": 60, "Max": 70}, {"Ann": 60, "Max": 70}, {"Ann": 60, "Max": 70}):
        state = session.apply(state, {"type": "score", "scores": points})
    players = session.summary(state)["players"]
    assert players[1] == {"id": None, "name": "Max", "score": 1 + 1 + 3 + 2 + 3, "winner": True}


def test_the_history_record_feeds_the_statistics_stars_by_kind():
    from companion.store.stats import expedition_stars

    store = open_store(memory=True)
    try:
        (ann, _) = roster(store)
        keeper = SessionKeeper(store)
        game = keeper.start("expedition", {"players": [{"id": ann.id, "name": "Ann"}], "solo": "max",
                                           "cards": "off", "records": {"kagkot": 71}}, [ann.id], "Solo")
        for points in ({"Ann": 66, "Max": 60}, {"Ann": 72, "Max": 50}, {"Ann": 60, "Max": 76}):
            game = keeper.act(game.id, {"type": "score", "scores": points})
        keeper.finish(game.id)
        (entry,) = expedition_stars(store.history.list(), f"id:{ann.id}")
        # Dunai summit + race; Kagkot summit 3 + race 2 + record 1 (72 > 71); Dhaulagiri nothing.
        assert dict(entry.by_kind) == {"summit": 4, "race": 3, "record": 1} and entry.stars == 8
    finally:
        store.close()


def test_an_expedition_taken_back_from_history_keeps_its_title_in_words():
    # Taken back for a correction, its card on home read "Expedition: Dunai, Kagkot, Dhaulagiri" in English
    # on a Polish screen: the title's words were left behind in History.
    from companion.i18n import tr, use_language
    from companion.store.records import said_in_place

    store = open_store(memory=True)
    try:
        _ann, _bob, keeper, record_id = finished_expedition(store)
        with use_language("pl"):
            in_history = tr(said_in_place(store.history.get(record_id))["title"])
            assert in_history.startswith("Ekspedycja")
            assert tr(keeper.reopen(record_id).title) == in_history
            assert tr(SessionKeeper(store).get(record_id).title) == in_history      # as saved, read back
    finally:
        store.close()


def test_maxs_card_is_checked_in_expeditions_begun_with_the_check_and_old_ones_still_open(tmp_path):
    # The app once let the player give Max no card while cards were in play; the games saved so replay. A
    # new Expedition carries the check in its setup, so a correction or an import holds it too.
    store = open_store(tmp_path / "data")
    ann = store.players.add("Ann")
    keeper = SessionKeeper(store)
    setup = hall_of_fame.expedition_setup(store, [{"id": ann.id, "name": "Ann"}], solo=True)
    assert setup["max_given"] is True
    game = keeper.start("expedition", setup, [ann.id], "Solo")
    keeper.act(game.id, {"type": "reveal", "cards": ["rope", "rope", "tent", "compass", "schnapps"]})
    denied = {"type": "pick", "picks": [{"player": "Max", "card": None, "zone": 1}]}
    with pytest.raises(IllegalAction, match="Max earns a card from his new zone"):
        keeper.act(game.id, denied)
    # An earlier pick corrected to "no card" for Max is refused in the correction too.
    keeper.act(game.id, {"type": "pick", "picks": [{"player": "Max", "card": "tent", "zone": 1}]})
    keeper.begin_correction(game.id, 1)
    with pytest.raises(IllegalAction, match="Max earns a card from his new zone"):
        keeper.act(game.id, denied)
    keeper.cancel_correction(game.id)
    old = keeper.start("expedition", {k: v for k, v in setup.items() if k != "max_given"}, [ann.id], "Old")
    keeper.act(old.id, {"type": "reveal", "cards": ["rope", "rope", "tent", "compass", "schnapps"]})
    keeper.act(old.id, denied)
    backup = store.export_all()
    store.close()
    store = open_store(tmp_path / "data")
    try:
        state = SessionKeeper(store).state(old.id)
        assert state.hands[1] == () and state.lead == 1
    finally:
        store.close()
    # Through a backup, each keeps its own: the new one checked, the old one replayed as it was played.
    other = open_store(tmp_path / "other")
    try:
        other.import_all(backup)
        moved = SessionKeeper(other)
        assert moved.state(old.id).hands[1] == ()
        assert moved.get(game.id).setup["max_given"] is True
        moved.begin_correction(game.id, 1)
        with pytest.raises(IllegalAction, match="Max earns a card from his new zone"):
            moved.act(game.id, denied)
    finally:
        other.close()
