"""Every screen in the pseudo-language: no English left, and no translated label overflowing or cut off; then
in French, German and Polish: no label overflowing or cut off.

The pseudo-language (`companion.i18n.PSEUDO`) accents every translated string and makes it 40% longer
inside [ ]. A string a player reads that is still plain English was never marked for translation; a label
that no longer fits at 390x844 would not fit in German or Polish either (see layout_check.py). Names and
numbers are the players' data and are shown as they are.
"""

from __future__ import annotations

import json
import re

import flet as ft
import pytest
from harness import (merged_words_said_twice, names_said_twice, nameless_icon_buttons, nameless_taps,
                     spoken_enabled_but_disabled, tiles_split_in_nodes, unmerged_icon_buttons, walk)
from layout_check import dialog_problems, layout_problems

from companion import i18n
from companion.paths import data_root

_WORD = re.compile(r"[A-Za-z]{2,}")
_TEXT_ATTRS = ("value", "label", "text", "title", "tooltip", "hint_text", "helper", "helper_text", "error",
               "error_text", "prefix_text", "suffix_text", "counter_text", "semantics_label", "message")


def _outside(text: str) -> str:
    """The characters of `text` outside the pseudo-language's [ ] spans."""
    out, depth = [], 0
    for ch in text:
        if ch == "[":
            depth += 1
        elif ch == "]" and depth:
            depth -= 1
        elif depth == 0:
            out.append(ch)
    return "".join(out)


def _data_names() -> set[str]:
    """Names from the game data (cards, mountains, sheets, boards): shown as printed, never translated."""
    names: set[str] = set()

    def visit(node, key=None):
        if isinstance(node, dict):
            for k, v in node.items():
                visit(v, k)
        elif isinstance(node, list):
            for v in node:
                visit(v, key)
        elif isinstance(node, str) and key in ("name", "title", "sheet", "id", "mountain", "peak", "printed"):
            names.add(node)

    for path in data_root().rglob("*.json"):
        if "locale" in path.parts:
            continue
        try:
            visit(json.loads(path.read_text(encoding="utf-8")))
        except ValueError:
            continue
    return names


DATA_NAMES = _data_names()


def shown_strings(ui) -> list[str]:
    """Every string a player reads on the screen on top and in open dialogs (typed input excluded)."""
    out: list[str] = []
    for root in [*ui.dialogs(), ui.top]:
        for control in walk(root):
            for attr in _TEXT_ATTRS:
                if attr == "value" and not isinstance(control, (ft.Text, ft.Semantics)):
                    continue  # typed input, a segment's or an option's key
                value = getattr(control, attr, None)
                if isinstance(value, ft.Tooltip):
                    value = value.message
                if isinstance(value, str) and value.strip():
                    out.append(value)
            content = getattr(control, "content", None)
            if isinstance(content, str) and content.strip():
                out.append(content)
    return out


# Shown as they are in every language: each language's own name in the language picker, the sheets' ids.
# The English-only games keep their names (14ers, Ridgeline), and Freunde its German one.
SAME_EVERYWHERE = set(i18n.LANGUAGES.values()) | {"dunai", "kagkot", "dhaulagiri", "Ridgeline", "Freunde",
                                                    "Max", "Gerry"}
# A 14ers Climb's class is printed as a Roman numeral on the card.
_ROMAN = re.compile(r"\b[IVX]+\b")


def english_left(ui, data: set[str]) -> list[str]:
    names = sorted(data | DATA_NAMES | SAME_EVERYWHERE | _SAVED_BEFORE, key=len, reverse=True)
    left = []
    for text in shown_strings(ui):
        rest = _outside(text)
        for name in names:
            if name and name in rest:
                rest = rest.replace(name, " ")
        if _WORD.search(_ROMAN.sub(" ", rest)):
            left.append(text)
    return sorted(set(left))


def problems(ui, data: set[str], where: str) -> list[str]:
    """In the pseudo-language, English left, translated labels that do not fit, controls faded on screen but
    offered to a screen reader as enabled, and icon buttons a screen reader would hear without a name; in a real
    language, every label that does not fit (its words are
    the catalog's, often much longer than the pseudo's 40%)."""
    code = i18n.current()
    pseudo = code == i18n.PSEUDO
    found = [f"{where}: English left: {t!r}" for t in english_left(ui, data)] if pseudo else []
    if pseudo:  # the same in every language: checked once
        found += [f"{where}: said to be enabled while disabled: {n}" for n in spoken_enabled_but_disabled(ui.top)]
        found += [f"{where}: an icon button without its name: {n}" for n in unmerged_icon_buttons(ui.top)]
        found += [f"{where}: an icon button with no name at all: {n}" for n in nameless_icon_buttons(ui.top)]
        found += [f"{where}: a tap without its name: {n}" for n in nameless_taps(ui.top)]
        found += [f"{where}: a name said twice: {n}" for n in names_said_twice(ui.top)]
        found += [f"{where}: words said twice in one node: {n}" for n in merged_words_said_twice(ui.top)]
        found += [f"{where}: a tile split in nodes, its tap nameless: {n}" for n in tiles_split_in_nodes(ui.top)]
    found += [f"{where} [{code}]: {p}" for p in layout_problems(ui.top, every_label=not pseudo)]
    for dialog in ui.dialogs():
        if isinstance(dialog, ft.AlertDialog):
            found += [f"{where} [{code}] (dialog): {p}" for p in dialog_problems(dialog, every_label=not pseudo)]
    return found


def store_names(store) -> set[str]:
    names = {p.name for p in store.players.list()}
    for record in store.sessions.list():
        names.add(record.get("title", ""))
        for player in record.get("setup", {}).get("players", []) or []:
            if isinstance(player, dict) and player.get("name"):
                names.add(player["name"])
    for record in store.history.list():
        names.add(record.get("title", ""))
        for player in record.get("players", []) or []:
            if isinstance(player, dict) and player.get("name"):
                names.add(player["name"])
    return {n for n in names if n}


@pytest.fixture(params=[i18n.PSEUDO, "fr", "de", "pl"])
def pseudo(request):
    """The whole test in one language: the pseudo-language, then each real one."""
    token = i18n._forced.set(request.param)  # noqa: SLF001 - the language forced for the whole test
    yield request.param
    i18n._forced.reset(token)  # noqa: SLF001


async def _visit(ui, store, route: str, found: list[str]) -> None:
    await ui.go(route)
    found.extend(problems(ui, store_names(store) | _catalog_names(), route))


# Records saved by earlier versions keep their engines' words in English (they have no `words`); the
# History tests' records are made that way.
_SAVED_BEFORE = {"You win, 27 to 26."}


async def test_the_shell_screens(open_ui, store, pseudo):
    from test_history_stats import seed

    seed(store)
    ui = await open_ui()
    found: list[str] = []
    for route in ["/", "/players", "/history", "/stats", "/settings", "/hall-of-fame"]:
        await _visit(ui, store, route, found)
    for record in store.history.list()[:8]:
        await _visit(ui, store, f"/history/{record['id']}", found)
    for player in store.players.list()[:2]:
        await _visit(ui, store, f"/stats/{player.id}", found)
    # The roster's forms: a player renamed (the form open) and one about to be removed (the dialog).
    first = store.players.list()[0]
    await ui.go("/players")
    await ui.click(f"player-{first.id}-rename")
    found.extend(problems(ui, store_names(store), "/players rename"))
    await ui.click("player-edit-cancel")
    await ui.click(f"player-{first.id}-remove")
    assert ui.dialogs(), "removing a player asks first"
    found.extend(problems(ui, store_names(store), "/players remove dialog"))
    await ui.click("player-remove-cancel")
    assert not found, "\n".join(found)


@pytest.mark.parametrize("game", ["trek12", "expedition", "fourteeners", "ridgeline", "freunde"])
async def test_each_new_game_screen(open_ui, store, pseudo, game):
    for name in ("Ann", "Bo"):
        store.players.add(name)
    ui = await open_ui()
    found: list[str] = []
    await _visit(ui, store, f"/games/{game}", found)
    if game == "fourteeners":
        for tab in ("final", "cards"):
            await ui.click(f"ft-tab-{tab}")
            found.extend(problems(ui, store_names(store), f"/games/{game} {tab}"))
    assert not found, "\n".join(found)


def _game_in_progress(store, game: str) -> str:
    """A game under way, started as the play screens' own tests start it; its session id."""
    import random

    from companion.sessions import SessionKeeper

    if game == "trek12":
        from test_corrections_trek12 import game as trek12_game
        from test_corrections_trek12 import seated

        setup, docs, _actions = trek12_game()
        return seated(store, setup, docs)
    if game == "expedition":
        from test_corrections_expedition import seated

        return seated(store)[0]
    if game == "ridgeline":
        from test_ridgeline_play import seat_table

        return seat_table(store, route="sprint").id
    if game == "freunde":
        from test_freunde_play import start_game

        return start_game(store).id
    from test_corrections_fourteeners import as_doc
    from test_fourteeners_fixtures import synthetic_catalog_doc

    from companion.games.fourteeners import rules as fourteeners_rules

    ann, bo = store.players.add("Ann"), store.players.add("Bo")
    keeper = SessionKeeper(store)
    session = keeper.start("fourteeners", {
        "players": [{"name": "Ann", "id": ann.id}, {"name": "Bo", "id": bo.id}],
        "accolade": {"category": {"most": {"side": "gear"}}}, "catalog": synthetic_catalog_doc()},
        [ann.id, bo.id], "Ann, Bo")
    rng = random.Random(3)
    for _step in range(9):
        keeper.act(session.id, as_doc(rng.choice(fourteeners_rules.legal_actions(keeper.state(session.id)))))
    return session.id


def _catalog_names() -> set[str]:
    from test_fourteeners_fixtures import synthetic_catalog_doc

    doc = synthetic_catalog_doc()
    return {card["name"] for card in doc["cards"]} | {accolade["name"] for accolade in doc["accolades"]}


_NAVS = {"ridgeline": ("rl-nav", 5), "freunde": ("fr-nav", 4), "expedition": ("exp-nav", 2)}


async def _show(ui, nav: str, index: int) -> None:
    bar = ui.get(nav)
    ui.session.apply_patch(bar._i, {"selected_index": index})
    await ui.session.dispatch_event(bar._i, "change", str(index))
    await ui.settle()


@pytest.mark.parametrize("game", ["trek12", "expedition", "fourteeners", "ridgeline", "freunde"])
async def test_each_game_under_way_its_panels_and_its_entries(open_ui, store, pseudo, game):
    session_id = _game_in_progress(store, game)
    ui = await open_ui()
    found: list[str] = []
    route = f"/play/{game}/{session_id}"
    await _visit(ui, store, route, found)
    if game in _NAVS:
        nav, count = _NAVS[game]
        for index in range(count):
            await _show(ui, nav, index)
            found.extend(problems(ui, store_names(store) | _catalog_names(), f"{route} panel {index}"))
    if game == "trek12":
        await ui.go(route)
        await ui.click("t12-hint")          # the coach's hint, asked for
        found.extend(problems(ui, store_names(store), f"{route} hint"))
        await ui.click("t12-score")         # the full scoring table, in its dialog
        assert ui.dialogs(), "the score opens the scoring table"
        found.extend(problems(ui, store_names(store), f"{route} scoring table"))
        await ui.click("t12-details-close")
    if game == "expedition":
        await _visit(ui, store, f"{route}/sheet", found)
    await ui.go(route)
    await ui.click("ent-open")
    found.extend(problems(ui, store_names(store) | _catalog_names(), f"{route} entries"))
    await ui.go(route)
    if game in _NAVS:
        await _show(ui, _NAVS[game][0], 0)
    abandon = next((k for k in sorted(ui.keys()) if k.endswith("-abandon")), None)
    assert abandon is not None, "every game in progress can be abandoned"
    await ui.click(abandon)
    assert ui.dialogs(), "abandoning asks first"
    found.extend(problems(ui, store_names(store) | _catalog_names(), f"{route} abandon dialog"))
    await ui.click(f"{abandon}-cancel")
    await _visit(ui, store, "/", found)
    assert not found, "\n".join(found)


async def test_finished_games_in_history(open_ui, store, pseudo):
    """A whole 14ers game and a whole Trek 12 Ascent finished through the keeper: History's list, each
    record with its breakdown and verdict, and the statistics, all said in the language."""
    from test_corrections_fourteeners import seated as fourteeners

    from companion.sessions import SessionKeeper

    keeper = SessionKeeper(store)
    game_id, _setup, _docs = fourteeners(store)
    keeper.finish(game_id)
    # A Trek 12 sheet with a card cashed: its breakdown holds "assists", once shown as the English key.
    store.history.add({"game": "trek12", "finished": "2026-03-01T18:00:00+00:00", "title": "Dunai",
                       "players": [{"id": None, "name": "Ann", "score": 13, "winner": True}], "session": None,
                       "detail": {"sheet": "dunai", "summit": 65, "rounds": 19, "complete": True, "solo": None,
                                  "scores": [{"name": "Ann", "summit_reached": False,
                                              "lines": [{"circles": [1, 2, 3], "points": 6}],
                                              "zones": [{"circles": [5, 6], "value": 2, "points": 4}],
                                              "line_bonus": 0, "zone_bonus": 0, "skulls": 0, "orphans": 0,
                                              "penalty": 0, "total": 13, "complete": True, "assists": 1}]}})
    ui = await open_ui()
    found: list[str] = []
    await _visit(ui, store, "/history", found)
    for record in store.history.list():
        await _visit(ui, store, f"/history/{record['id']}", found)
    await _visit(ui, store, "/stats", found)
    assert not found, "\n".join(found)


async def test_the_end_of_a_ridgeline_and_a_freunde_game_and_their_records(open_ui, store, pseudo):
    """The last hand of a Ridgeline game and a Freunde solo game ended by a death, tapped in: the end
    screens, then each record in History."""
    from test_freunde_play import start_game
    from test_freunde_play import move_to_die, tap_cards as freunde_cards
    from test_ridgeline_play import seat_table, tap_cards

    climb = {"went_out": "Ann", "pitched": ["Ann"], "left": {"Bob": ["G2"]}}
    ridge = seat_table(store, names=("Ann", "Bob"), route="sprint", hands=[climb] * 4)
    ui = await open_ui(route=f"/play/ridgeline/{ridge.id}")
    await ui.click("rl-end-hand")
    await ui.click("rl-out-0")
    await tap_cards(ui, "rl-hand", "E9")
    await ui.click("rl-hand-submit")
    found = problems(ui, store_names(store), "ridgeline over")
    await ui.click("rl-finish")
    found += problems(ui, store_names(store), "ridgeline finished")

    solo = start_game(store, names=("Sol",), weather=["sun"] * 18)
    await ui.go(f"/play/freunde/{solo.id}")
    await freunde_cards(ui, "M1", "A0", "A1")
    await ui.click("fr-risk-2")
    await ui.click("fr-risk-take")
    found += problems(ui, store_names(store), "freunde risk taken")
    await move_to_die(ui)
    found += problems(ui, store_names(store), "freunde climber moved")
    await ui.click("fr-done")
    found += problems(ui, store_names(store), "freunde over")
    await ui.click("fr-finish")
    for record in store.history.list():
        await _visit(ui, store, f"/history/{record['id']}", found)
    await _visit(ui, store, "/stats", found)
    assert not found, "\n".join(found)


_REVIEW: dict[str, dict] = {}


async def test_a_finished_ascent_and_its_review(open_ui, store, pseudo):
    """A whole Ascent finished, its summary, and its review kept with the game (made once, by the coach)."""
    from trek12_ascents import random_ascent

    from companion.games.trek12 import review as coach_review
    from companion.sessions import SessionKeeper
    from companion.ui.trek12.coaching import COACH_TABLE, entries_digest

    ann = store.players.add("Ann")
    setup = {"sheet": "dunai", "solo": "max", "players": [{"id": ann.id, "name": "Ann"}]}
    docs = random_ascent(setup, 8, keep=lambda action: action.max_links is None)
    keeper = SessionKeeper(store)
    session = keeper.start("trek12", setup, [ann.id], "Dunai")
    for doc in docs:
        keeper.act(session.id, doc)
    if "doc" not in _REVIEW:
        _REVIEW["doc"] = coach_review.to_doc(coach_review.review(setup, docs, 0, seed="pseudo"))
    store.table(COACH_TABLE).upsert({"id": f"{session.id}:review:0", "entries": entries_digest(docs),
                                     "review": _REVIEW["doc"]})
    ui = await open_ui(route=f"/play/trek12/{session.id}")
    found = problems(ui, store_names(store), "ascent over")
    keeper.finish(session.id)
    await _visit(ui, store, f"/play/trek12/{session.id}", found)
    assert ui.find("t12-review-total-0") is not None, "the review kept with the game is shown"
    await _visit(ui, store, f"/history/{session.id}", found)
    assert not found, "\n".join(found)
