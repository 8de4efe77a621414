"""The app's language: the device's at start, Settings' choice at once, and per tab when served."""

from __future__ import annotations

import asyncio

import pytest

from companion import i18n


async def _until(ui, check, tries: int = 100) -> None:
    """Wait for the device's answer (asked once the tab is up) to reach the screen."""
    for _ in range(tries):
        if check():
            return
        await asyncio.sleep(0.01)
        await ui.settle()
    assert check()


async def test_english_by_default_and_for_an_unknown_device_language(open_ui):
    ui = await open_ui(locales=["ja-JP"])
    assert "Settings" in ui.texts()


async def test_the_device_language_is_used_at_start(open_ui, store):
    ui = await open_ui(route="/settings", locales=["de-AT", "en-US"])
    await _until(ui, lambda: "(Deutsch)" in str(ui.get("settings-language-system").content))
    assert "Language" not in ui.texts()
    assert store.settings.get("language", "system") == "system"


async def test_choosing_a_language_in_settings_applies_at_once_and_is_kept(open_ui, store):
    ui = await open_ui(route="/settings")
    assert "Language" in ui.texts()
    await ui.click("settings-language-fr")
    assert store.settings.get("language") == "fr"
    assert "Language" not in ui.texts()
    await ui.click("settings-language-en")
    assert "Language" in ui.texts()


async def test_a_served_tab_keeps_its_own_device_language(open_ui):
    german = await open_ui(route="/settings", locales=["de-DE"])
    english = await open_ui(route="/settings", locales=["en-GB"])
    await _until(german, lambda: "Language" not in german.texts())
    assert "Language" in english.texts()
    assert "Language" not in german.texts()


@pytest.mark.parametrize("code", ["de", "pl"])
async def test_a_game_in_progress_survives_a_language_switch(open_ui, store, code):
    from companion.sessions import SessionKeeper
    import companion.ui.trek12.screens  # noqa: F401 - registers the screen

    keeper = SessionKeeper(store)
    session = keeper.start("trek12", title="Ascent", players=[], setup={"sheet": "dunai"})
    ui = await open_ui(route=f"/play/trek12/{session.id}")
    before = store.sessions.get(session.id)
    await ui.go("/settings")
    await ui.click(f"settings-language-{code}")
    await ui.go(f"/play/trek12/{session.id}")
    assert store.sessions.get(session.id) == before
    with i18n.use_language(code):
        round_text = i18n._("Round {round} of {total}").format(round=1, total=19)
    assert round_text != "Round 1 of 19"
    assert any(round_text in text for text in ui.texts())


async def test_a_turn_half_entered_is_kept_when_the_language_changes_from_another_tab(open_ui, store):
    """The dice tapped in, then the language changed in Settings on another tab of the same table: this tab
    redraws in German with the dice still entered and the option still to choose."""
    from companion.sessions import SessionKeeper
    import companion.ui.trek12.screens  # noqa: F401 - registers the screen

    ann = store.players.add("Ann")
    session = SessionKeeper(store).start("trek12", {"sheet": "dunai", "players": [{"id": ann.id, "name": "Ann"}]},
                                         [ann.id], "Dunai")
    table = await open_ui(route=f"/play/trek12/{session.id}")
    await table.click("t12-red-5")
    await table.click("t12-yellow-2")
    prompt = "Choose how to use the dice."
    assert any(prompt in text for text in table.texts())
    settings = await open_ui(route="/settings")
    await settings.click("settings-language-de")
    with i18n.use_language("de"):
        german = i18n._(prompt)
    await _until(table, lambda: any(german in text for text in table.texts()))
    assert not any(prompt in text for text in table.texts())
    assert table.get("t12-op-sum-value").value == "7"     # the roll is still there: 5 + 2
    assert store.sessions.get(session.id)["actions"] == []


async def test_a_game_opened_straight_from_its_address_speaks_the_device_language_on_its_dice_too(open_ui, store):
    """A reload on a game's screen opens it before the device's language is known: once it is, the dice row
    (drawn only when its faces change) is redrawn in it too, its Roll button and its faces' names."""
    from companion.sessions import SessionKeeper
    import companion.ui.trek12.screens  # noqa: F401 - registers the screen

    ann = store.players.add("Ann")
    setup = {"sheet": "dunai", "players": [{"id": ann.id, "name": "Ann"}], "dice_seed": 7}
    session = SessionKeeper(store).start("trek12", setup, [ann.id], "Dunai")
    ui = await open_ui(route=f"/play/trek12/{session.id}", locales=["de-DE"])
    with i18n.use_language("de"):
        prompt, roll, face = i18n._("Round {round} of {total}"), i18n._("Roll"), i18n._("Red die shows {value}")
    await _until(ui, lambda: any(prompt.format(round=1, total=19) in text for text in ui.texts()))
    assert roll != "Roll" and roll in ui.texts()
    assert "Roll" not in ui.texts()
    assert ui.get("t12-red-3").tooltip == face.format(value=3)


async def test_a_game_title_made_of_words_is_kept_in_english_and_shown_in_the_players_language(open_ui, store):
    """An Expedition's title (the day it set off) is saved in English with its words; home says it in French,
    the date the French way, and the saved record still reads as before."""
    from datetime import date

    from companion.games.expedition import session as expedition
    from companion.sessions import SessionKeeper
    from companion.store.hall_of_fame import expedition_setup
    from companion.ui.expedition.setup import expedition_title

    ann, bob = store.players.add("Ann"), store.players.add("Bob")
    setup = expedition_setup(store, [{"id": ann.id, "name": "Ann", "paper": True},
                                     {"id": bob.id, "name": "Bob", "paper": True}])
    title = expedition_title(False, date(2026, 3, 3))
    session = SessionKeeper(store).start(expedition.GAME_ID, setup, [ann.id, bob.id], title)
    saved = store.sessions.get(session.id)
    assert saved["title"] == "Expedition, set off 3 Mar 2026" and type(saved["title"]) is str
    assert saved["words"][0]["at"] == ["title"]
    store.settings.set("language", "fr")
    ui = await open_ui()
    assert "Expédition, partie le 3 mars 2026" in ui.texts()


async def test_a_deleted_game_is_named_in_the_players_language(open_ui, store):
    from companion.i18n.message import msgn

    ann, bob, cat = (store.players.add(name) for name in ("Ann", "Bob", "Cat"))
    record_id = store.history.add({
        "game": "fourteeners", "finished": "2026-03-01T18:00:00+00:00", "title": msgn("{n} player", "{n} players", 3),
        "players": [{"id": p.id, "name": p.name, "score": s, "winner": s == 30}
                    for p, s in ((ann, 30), (bob, 20), (cat, 10))],
        "detail": {}, "session": None})
    store.settings.set("language", "fr")
    ui = await open_ui(route=f"/history/{record_id}")
    await ui.click("record-delete")
    assert store.history.get(record_id) is None
    words = ui.get("history-deleted").value.replace("\u00a0", " ").replace("\u202f", " ")
    assert words.startswith("Supprimé : 3 joueurs (1 mars 2026"), words


async def test_an_import_says_what_came_in_and_which_file_it_was_in_the_players_language(open_ui, store):
    import json

    from file_dialogs import answer_files, uploaded

    from companion.store import open_store

    with open_store(memory=True) as other:
        other.table("hall_of_fame").insert({"id": "dunai-1", "sheet": "dunai", "name": "Ann", "score": 81})
        backup = json.dumps(other.export_all()).encode()
    catalog = json.dumps({"format": "fourteeners-catalog", "version": 1, "cards": []}).encode()
    store.settings.set("language", "de")
    ui = await open_ui(route="/settings")
    answer_files(ui, picked=[uploaded("karten.json", catalog)])
    await ui.click("settings-backup-pick")
    assert ui.get("settings-backup-result").value == (
        "Die Datei karten.json wurde nicht importiert: das ist ein 14ers-Kartenkatalog, keine Sicherung; importiere "
        "ihn unter 14ers, Karten, Teilen. Nichts wurde geändert.")
    answer_files(ui, picked=[uploaded("alt.json", backup)])
    await ui.click("settings-backup-pick")
    assert ui.get("settings-backup-result").value == "alt.json importiert: hinzugefügt: 1 Rekord der Ruhmeshalle."


def test_names_are_listed_the_way_the_language_lists_them_on_every_game_screen():
    from types import SimpleNamespace

    from companion.ui.common.widgets import and_list
    from companion.ui.fourteeners.play import accolade_words

    three = SimpleNamespace(text="Hazards", counts=(("Ann", 2), ("Bob", 2), ("Cleo", 2)),
                            winners=("Ann", "Bob", "Cleo"), points=1)
    assert accolade_words(three) == "Accolade, Hazards: Ann 2, Bob 2, Cleo 2; Ann, Bob and Cleo score 1 each."
    with i18n.use_language("fr"):
        assert and_list(["Ann", "Bob", "Cleo", "Dee"]) == "Ann, Bob, Cleo et Dee"
        assert accolade_words(three).endswith("; Ann, Bob et Cleo marquent 1 chacun.")
    with i18n.use_language("de"):
        # A name is data: one that happens to be a word of the app is not translated.
        assert and_list(["Settings"]) == "Settings" and and_list(["Settings", "Language"]) == "Settings und Language"


def test_german_turn_prompts_name_the_roll_button_as_a_button():
    # "Tippe die Seiten ... des gelben Würfels oder Würfeln an" read as "or the dice", not the Roll button.
    prompts = ["Tap the red and the yellow dice faces as rolled, or Roll.",
               "Schnapps: roll again, tap the new dice faces or Roll.",
               "Tap the red and the yellow dice faces, or Roll.",
               "Enter the roll first: tap a red and a yellow die face, or Roll."]
    with i18n.use_language("de"):
        button = i18n._("Roll")
        said = [i18n._(prompt) for prompt in prompts]
    assert button == "Würfeln"
    assert all(text.endswith(f"tippe auf „{button}“.") for text in said), said


@pytest.mark.parametrize("code", sorted(i18n.LANGUAGES))
def test_a_tab_label_of_five_on_a_phone_breaks_only_between_words(code):
    # Polish "Sprawdzanie" broke after "Sprawdzani" under Ridgeline's five tabs (72 px each at 360 px): a word
    # of a tab's label must fit a fifth of the smallest phone.
    from companion.ui.ridgeline.screens import _PANELS as ridgeline_tabs

    assert len(ridgeline_tabs) == 5
    with i18n.use_language(code):
        words = {word for _panel, label, *_icons in ridgeline_tabs for word in i18n._(label).split()}
    assert [word for word in words if len(word) > 10] == []
