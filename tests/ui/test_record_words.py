"""A finished game's breakdown in History says what its record keeps as ids in the player's language, each game
saying its own: Freunde's board, route, weather season and tie-break, 14ers' tucked sides, Trek 12's Max."""

from __future__ import annotations

import flet as ft
import pytest
from harness import walk


def _add(store, game, title, detail):
    ann = store.players.add("Ann")
    return store.history.add({"game": game, "finished": "2026-03-01T18:00:00+00:00", "title": title,
                              "players": [{"id": ann.id, "name": "Ann", "score": 30, "winner": True}],
                              "detail": detail, "session": None})


def _value(ui, key: str) -> str:
    """The value a breakdown's row shows (its label is the first text, the value the last)."""
    texts = [c.value for c in walk(ui.get(key)) if isinstance(c, ft.Text)]
    return texts[-1]


async def test_freunde_board_route_season_and_tie_break_in_french(open_ui, store):
    store.settings.set("language", "fr")
    record = _add(store, "freunde", "Freunde", {
        "game": "freunde", "board": "summer", "board_title": "Summer board (easier route)", "board_verified": True,
        "route": "easy", "weather_season": "summer", "solo": False, "tie_break": "summit", "solo_rank": None})
    ui = await open_ui(route=f"/history/{record}")
    assert ui.find("record-row-solo_rank") is None        # a game with others has no solo rank: no empty row
    assert _value(ui, "record-row-board_title") == "Plateau d'été (face facile)"
    assert _value(ui, "record-row-route") == "face facile"
    assert _value(ui, "record-row-weather_season") == "été"
    assert _value(ui, "record-row-tie_break") == "premier au sommet"
    assert _value(ui, "record-row-solo") == "Non"


async def test_an_edited_freunde_board_keeps_the_title_the_players_wrote(open_ui, store):
    store.settings.set("language", "fr")
    record = _add(store, "freunde", "Freunde", {"board": "summer", "board_title": "Our own board",
                                                "route": "hard", "tie_break": "shared"})
    ui = await open_ui(route=f"/history/{record}")
    assert _value(ui, "record-row-board_title") == "Our own board"
    assert _value(ui, "record-row-tie_break") == "victoire partagée"


async def test_a_freunde_record_says_things_as_the_game_screen_does(open_ui, store):
    # History said "Best vp" (the rulebook's victory points, VP), "shared victory" where the end of the game
    # and the shared result say "Shared win", and "Board verified: Yes" of every shipped board.
    record = _add(store, "freunde", "Freunde", {
        "board": "summer", "board_title": "Summer board (easier route)", "board_verified": True, "route": "easy",
        "tie_break": "shared", "players": [{"name": "Ann", "score": 1, "climbers": [
            {"climber": "A", "best_vp": 5, "alive": False, "score": 1}]}]})
    ui = await open_ui(route=f"/history/{record}")
    assert _value(ui, "record-row-tie_break") == "shared win"
    assert ui.find("record-row-board_verified") is None
    labels = [c.value for c in walk(ui.top) if isinstance(c, ft.Text)]
    assert "Best VP" in labels and "Best vp" not in labels, labels


async def test_a_freunde_record_of_an_edited_board_says_it_was_not_checked(open_ui, store):
    edited = _add(store, "freunde", "Freunde", {"board": "summer", "board_title": "Our own board",
                                                "board_verified": False})
    ui = await open_ui(route=f"/history/{edited}")
    assert _value(ui, "record-row-board_verified") == "No"


async def test_fourteeners_sides_in_french(open_ui, store):
    store.settings.set("language", "fr")
    record = _add(store, "fourteeners", "14ers", {
        "players": [{"name": "Ann", "total": 30, "lines": [
            {"source": "Longs Peak", "side": "capstone", "text": "3 points", "points": 3}]}],
        "accolade": {"name": "Peak bagger", "side": "advanced", "category": "Most Climbs", "points": 5}})
    ui = await open_ui(route=f"/history/{record}")
    texts = [c.value for c in walk(ui.top) if isinstance(c, ft.Text)]
    assert any("Exploits" in t for t in texts) and "Avancée" in texts
    assert "capstone" not in ui.text() and "advanced" not in ui.text()


async def test_a_fourteeners_solo_record_in_german_heads_its_lines_as_14ers_does_and_says_things_once(
        open_ui, store):
    # "Seilrouten" (Trek 12's Fixed Lines) headed each player's scoring lines, "Gerry: Nein" stood as a row of
    # its own, and the outcome and the verdict said "Du gewinnst, 16 zu 7." one under the other.
    store.settings.set("language", "de")
    record = _add(store, "fourteeners", "Ann vs Gerry", {
        "players": [{"name": "Ann", "hiker": "A", "gerry": False, "total": 16, "lines": [
                        {"source": "Longs Peak", "side": "capstone", "text": "3 points", "points": 3}]},
                    {"name": "Gerry", "hiker": "B", "gerry": True, "total": 7, "lines": []}],
        "winner": ["Ann"], "weather": True, "outcome": "You win, 16 to 7.", "verdict": "You win, 16 to 7."})
    ui = await open_ui(route=f"/history/{record}")
    texts = [c.value for c in walk(ui.top) if isinstance(c, ft.Text)]
    assert "Wofür es Punkte gab" in texts and "Seilrouten" not in texts
    assert ui.find("record-row-outcome") is None and ui.find("record-row-verdict") is not None
    assert not any(key.endswith("gerry") for key in ui.keys()), [k for k in ui.keys() if "gerry" in k]


async def test_trek12_names_max_and_the_sheet(open_ui, store):
    record = _add(store, "trek12", "Dunai", {"sheet": "dunai", "solo": "max", "summit": 65})
    ui = await open_ui(route=f"/history/{record}")
    assert _value(ui, "record-row-solo") == "Max"
    assert _value(ui, "record-row-sheet") == "Dunai"


async def test_trek12_says_under_which_reading_of_joining_lines_it_was_played(open_ui, store):
    store.settings.set("language", "fr")
    record = _add(store, "trek12", "Dunai", {"sheet": "dunai", "summit": 65, "merge_lines": True})
    ui = await open_ui(route=f"/history/{record}")
    row = [c.value for c in walk(ui.get("record-row-merge_lines")) if isinstance(c, ft.Text)]
    assert row == ["Un nombre peut relier deux chemins de corde", "Oui"], row


async def test_trek12_says_the_penalty_taken_off_and_not_that_a_saved_sheet_is_full(open_ui, store):
    # The scoring table shows "−24"; History said "Penalty 24" beside lines and zones that add up, and
    # "Complete: Yes", true of every Ascent saved.
    record = _add(store, "trek12", "Dunai", {"sheet": "dunai", "complete": True, "scores": [
        {"name": "Ann", "lines": 19, "zones": 6, "penalty": 24, "complete": True, "total": 1}]})
    ui = await open_ui(route=f"/history/{record}")
    assert ui.find("record-row-scores.0.complete") is None              # each sheet keeps one too
    shown = [c.value for c in walk(ui.get("record-row-scores.0")) if isinstance(c, ft.Text)]
    assert "\u221224" in shown and "24" not in shown, shown
    assert ui.find("record-row-complete") is None and ui.find("record-row-sheet") is not None


def test_a_player_called_penalty_or_complete_keeps_their_points():
    # An Expedition keys its points by the players' names: only a sheet's own score has a penalty to take off.
    from companion.ui.trek12.screens import record_words

    detail = {"complete": True, "points": {"penalty": 60, "complete": True, "Bob": 50},
              "scores": [{"name": "Ann", "lines": 19, "penalty": 24, "total": 1}]}
    assert record_words(detail) == {"points": {"penalty": 60, "complete": True, "Bob": 50},
                                    "scores": [{"name": "Ann", "lines": 19, "penalty": -24, "total": 1}]}


async def test_another_games_field_of_the_same_name_is_not_taken_for_these(open_ui, store):
    # "route" is Ridgeline's too, and "easy" means nothing there: it is shown as it is kept.
    record = _add(store, "ridgeline", "Sprint", {"route": "easy", "lower_is_better": True})
    store.settings.set("language", "fr")
    ui = await open_ui(route=f"/history/{record}")
    assert _value(ui, "record-row-route") == "easy"


async def test_ridgeline_route_and_cards_in_french(open_ui, store):
    store.settings.set("language", "fr")
    record = _add(store, "ridgeline", "Ridge", {"route": "ridge", "route_name": "Ridge", "lower_is_better": True,
                                               "hands": [{"hand": 1, "left": ["P7", "S10", "R:E3", "W"]}]})
    ui = await open_ui(route=f"/history/{record}")
    assert _value(ui, "record-row-route_name") == "Arête"
    text = ui.text()
    assert "Pin 7" in text and "Pierre de soleil 10" in text and "Braise 3" in text
    assert "Pine" not in text and "Sunstone" not in text


async def test_history_heads_its_finished_games_in_the_plural_in_french(open_ui, store, save_session):
    store.settings.set("language", "fr")
    _add(store, "ridgeline", "Sprint", {"route": "sprint", "route_name": "Sprint"})
    save_session("ridgeline", "Sprint")             # a game in progress: History heads the two lists
    ui = await open_ui(route="/history")
    assert "Parties terminées" in ui.texts() and "Terminée" not in ui.texts()


async def test_an_expeditions_cards_held_are_not_called_hands(open_ui, store):
    # Polish headed them "Rozdania", Ridgeline's hands of a game: they are the Assist cards each player holds.
    import companion.ui.expedition.screens  # noqa: F401 - registers the Expedition's words

    store.settings.set("language", "pl")
    record = _add(store, "expedition", "Expedition", {"hands": {"Ann": ["compass"]}})
    ui = await open_ui(route=f"/history/{record}")
    assert "Karty na ręce" in [c.value for c in walk(ui.get("record-section-cards_held")) if isinstance(c, ft.Text)]
    assert "Kompas" in _value(ui, "record-row-cards_held.Ann") and "Rozdania" not in ui.texts()


@pytest.mark.parametrize(("value", "shown"), [(-1, "\u22121"), (-2.5, "\u22122.5"), (-3.0, "\u22123"), (4, "4"),
                                              (0, "0")])
def test_a_negative_number_in_a_record_has_a_true_minus_sign(value, shown):
    from companion.ui.shell.record import value_text

    assert value_text(value) == shown


def test_a_day_in_a_record_is_written_as_the_language_writes_dates():
    # An Expedition's Ascent showed "Data 2026-12-05" in Polish, where every other date reads "5 gru 2026".
    from companion.i18n import use_language
    from companion.ui.shell.record import value_text

    with use_language("pl"):
        assert value_text("2026-12-05") == "5 gru 2026"
    with use_language("en"):
        assert value_text("2026-12-05") != "2026-12-05" and value_text("2026-13-45") == "2026-13-45"
    assert value_text("12-05") == "12-05"


@pytest.mark.parametrize("language, one, several, flag", [
    ("en", "Winner", "Winners", "Winner"),
    # Polish: "Zwycięzca: Nie" beside Zofia spoke of her as a man; a verb ("Wygrywa", wins) is said of anyone,
    # where "Wygrana" (a win) over "Wygrana: Ala" named a win, not who won.
    ("pl", "Wygrywa", "Wygrywają", "Wygrywa")])
async def test_a_single_winner_is_not_headed_as_several_and_a_players_win_is_said_of_anyone(
        open_ui, store, language, one, several, flag):
    store.settings.set("language", language)
    alone = _add(store, "freunde", "Freunde", {"winners": ["Zofia"], "players": [{"name": "Zofia", "winner": True},
                                                                                 {"name": "Ann", "winner": False}]})
    ui = await open_ui(route=f"/history/{alone}")
    labels = [c.value for c in walk(ui.get("record-row-winners")) if isinstance(c, ft.Text)]
    assert labels[0] == one
    assert flag in ui.texts()
    shared = store.history.add({"game": "freunde", "finished": "2026-03-02T18:00:00+00:00", "title": "Freunde",
                                "players": [{"name": "Zofia", "score": 7, "winner": True}],
                                "detail": {"winners": ["Zofia", "Ann"]}, "session": None})
    ui = await open_ui(route=f"/history/{shared}")
    assert [c.value for c in walk(ui.get("record-row-winners")) if isinstance(c, ft.Text)][0] == several


async def test_a_14ers_accolade_typed_as_a_category_has_no_empty_name_or_half(open_ui, store):
    # "Name —" and "Side —" stood over the Accolade's category when the players typed the category only.
    record = _add(store, "fourteeners", "14ers", {"accolade": {
        "name": None, "side": None, "category": "most Climbs tucked as Gear", "counts": {"Ann": 3},
        "winners": ["Ann"], "points": 4}})
    ui = await open_ui(route=f"/history/{record}")
    rows = {c.key for c in walk(ui.top) if str(getattr(c, "key", "") or "").startswith("record-row-accolade")}
    assert rows and not any(key.endswith((".name", ".side")) for key in rows), rows
    assert _value(ui, "record-row-accolade.category") == "most Climbs tucked as Gear"


async def test_a_14ers_accolades_holders_are_not_headed_as_the_games_winners(open_ui, store):
    # German said "Sieg: Ann, Bo" under the Accolade, as if they had won the game, which Cy did.
    store.settings.set("language", "de")
    record = _add(store, "fourteeners", "14ers", {"accolade": {
        "name": None, "side": None, "category": "most Photos", "counts": {"Ann": 3, "Bo": 3, "Cy": 1},
        "winners": ["Ann", "Bo"], "points": 2}})
    ui = await open_ui(route=f"/history/{record}")
    labels = [c.value for c in walk(ui.get("record-row-accolade.won_by")) if isinstance(c, ft.Text)]
    assert labels == ["Gewonnen von", "Ann, Bo"]


async def test_a_freunde_death_is_one_line_with_the_space_in_words(open_ui, store):
    # A death was three rows ("Climber: B / Turn: 17 / Space: SUMMIT"), the summit by the board's id.
    record = _add(store, "freunde", "Freunde", {"board": "summer", "deaths": [
        {"player": "Bob", "climber": "B", "turn": 17, "space": "SUMMIT"},
        {"player": "Ann", "climber": "A", "turn": 6, "space": "S24"}]})
    # Each language says the summit its own way ("auf der Gipfel" was German for none).
    for language, said in (
            ("en", "Bob's climber B died on turn 17 on the summit. Ann's climber A died on turn 6 on S24."),
            ("de", "Bergsteiger B von Bob ist in Runde 17 auf dem Gipfel gestorben. Bergsteiger A von Ann ist in "
                   "Runde 6 auf Feld S24 gestorben."),
            ("fr", "L'alpiniste B de Bob est mort au tour 17 au sommet. L'alpiniste A d'Ann est mort au tour 6 sur "
                   "la case S24."),
            ("pl", "Himalaista B gracza Bob zginął w turze 17 na szczycie. Himalaista A gracza Ann zginął w turze 6 "
                   "na polu S24.")):
        store.settings.set("language", language)
        ui = await open_ui(route=f"/history/{record}")
        assert _value(ui, "record-row-deaths") == said, language


async def test_a_freunde_game_without_deaths_says_none(open_ui, store):
    record = _add(store, "freunde", "Freunde", {"board": "summer", "deaths": []})
    ui = await open_ui(route=f"/history/{record}")
    assert _value(ui, "record-row-deaths") == "none"            # not an empty row


async def test_a_home_made_sheet_is_shown_by_its_name_once(open_ui, store):
    # Its key is no word ("own-…"), and a name of Polish letters made a key of what was left ("gra-abia").
    record = _add(store, "trek12", "Grań Żabia", {"sheet": "own-0123456789ab", "sheet_name": "Grań Żabia",
                                                  "summit": 30, "scores": []})
    ui = await open_ui(route=f"/history/{record}")
    assert _value(ui, "record-row-sheet") == "Grań Żabia" and ui.find("record-row-sheet_name") is None
    assert "own-0123456789ab" not in ui.texts()


async def test_a_trek12_total_closes_its_sheet_after_the_cards_cashed_at_their_worth(open_ui, store):
    # "Penalty −3, Total 70, Cards cashed 1": the rows above the total made 67, and the card, after it and
    # said as a count, read as left out of it.
    record = _add(store, "trek12", "Kagkot", {"sheet": "kagkot", "scores": [
        {"name": "Ann", "lines": 34, "zones": 26, "line_bonus": 10, "zone_bonus": 0, "penalty": 3, "total": 70,
         "assists": 1}]})
    ui = await open_ui(route=f"/history/{record}")
    keys = [c.key for c in walk(ui.top) if str(getattr(c, "key", "") or "").startswith("record-row-scores.0.")]
    assert keys[-1] == "record-row-scores.0.total", keys
    assert _value(ui, "record-row-scores.0.total") == "70"
    texts = [c.value for c in walk(ui.get("record-row-scores.0.assists")) if isinstance(c, ft.Text)]
    assert texts[0] == "Cards cashed (+3 each)" and texts[-1] == "1", texts


async def test_a_player_named_total_keeps_their_place_among_names(open_ui, store):
    # Only a player's own total closes their breakdown: among an Accolade's counts, "total" is a name.
    record = _add(store, "fourteeners", "14ers", {"accolade": {
        "name": None, "side": None, "category": "most Climbs tucked as Gear",
        "counts": {"total": 1, "Ann": 3, "Bo": 2}, "winners": ["Ann"], "points": 4}})
    ui = await open_ui(route=f"/history/{record}")
    keys = [c.key for c in walk(ui.top) if str(getattr(c, "key", "") or "").startswith("record-row-accolade.counts.")]
    assert keys == ["record-row-accolade.counts.total", "record-row-accolade.counts.Ann",
                    "record-row-accolade.counts.Bo"], keys
