"""The Players screen in-process: add, pick a colour, rename, remove with confirmation, inline errors."""

from __future__ import annotations

import asyncio

import flet as ft
from harness import focused, walk
from test_screen_reader import live


def _names_on_screen(ui) -> list[str]:
    """The roster as shown: the name text of every player row, top to bottom."""
    return [c.value for c in walk(ui.top) if isinstance(c, ft.Text) and str(c.key or "").endswith("-name")
            and str(c.key).startswith("player-")]


async def test_add_a_player_from_home(open_ui, store):
    ui = await open_ui()
    await ui.click("home-players")
    ui.get("players-empty")
    await ui.type("player-name", "  Ann ")
    await ui.click("player-add")
    assert _names_on_screen(ui) == ["Ann"]
    [ann] = store.players.list()
    assert ann.name == "Ann"
    assert ann.colour.startswith("#") and len(ann.colour) == 7
    assert ui.get("player-name").value == ""  # ready for the next name
    assert ui.find("players-empty") is None
    # Enter in the name field adds too.
    await ui.type("player-name", "Bob")
    await ui.submit("player-name")
    assert _names_on_screen(ui) == ["Ann", "Bob"]
    assert [p.name for p in store.players.list()] == ["Ann", "Bob"]


async def test_the_chosen_colour_is_saved(open_ui, store):
    from companion.ui.shell.players import player_palette

    colour = player_palette()[3]
    ui = await open_ui(route="/players")
    # Each colour is a 48 px target for a thumb (it was 44).
    swatch = ui.get(f"player-colour-{colour.lstrip('#').lower()}")
    assert (swatch.width, swatch.height) == (48, 48)
    # The name's 40 characters are kept without a running count, which a screen reader said at every keystroke
    # ("40 characters remaining", "39 characters remaining", ...).
    field = ui.get("player-name")
    assert field.max_length == 40 and field.counter == ""
    # A longer name pasted in is cut at 40 by the field; that is said under it, or nothing would say so.
    assert field.helper is None
    await ui.type("player-name", "Maximilienne-Bérénice de la Tour d'Auver")     # what the field keeps of it
    assert ui.get("player-name").helper == "40 characters, the most a name can have"
    await ui.type("player-name", "Chiara")
    assert ui.get("player-name").helper is None
    await ui.click(f"player-colour-{colour.lstrip('#').lower()}")
    await ui.click("player-add")
    [chiara] = store.players.list()
    assert chiara.colour.lower() == colour.lower()
    avatar = next(c for c in walk(ui.get(f"player-{chiara.id}")) if isinstance(c, ft.CircleAvatar))
    assert avatar.bgcolor.lower() == colour.lower()


async def test_empty_and_duplicate_names_show_an_inline_error(open_ui, store):
    store.players.add("Ann")
    ui = await open_ui(route="/players")
    await ui.type("player-name", "   ")
    await ui.click("player-add")
    error = ui.get("player-name-error").value
    assert error and "empty" in error.lower()
    # Said as it appears (a live region), as a sighted player sees it appear under the field.
    assert live(ui, "player-name-error")
    await ui.type("player-name", "ann")
    assert ui.find("player-name-error") is None  # typing clears the old complaint
    await ui.click("player-add")
    error = ui.get("player-name-error").value
    assert error and "ann" in error.lower()
    # The reason ends with what to do about it: it wraps on a phone rather than being cut at the first line.
    assert ui.get("player-name-error").max_lines is None
    assert [p.name for p in store.players.list()] == ["Ann"]
    assert ui.get("player-name").value == "ann"  # the text stays so it can be corrected


async def test_a_colour_another_player_has_says_whose_it_is(open_ui, store):
    # Bernd could take Cy's green without a word, and the two were told apart nowhere after.
    cy, bernd = store.players.add("Cy"), store.players.add("Bernd")
    green = cy.colour.lstrip("#").lower()
    ui = await open_ui(route="/players")

    def chip(key):
        return next(n for n in walk(ui.top) if isinstance(n, ft.Semantics) and n.identifier == key)

    assert chip(f"player-colour-{green}").label.endswith("; Cy has it")
    assert [c.icon for c in walk(chip(f"player-colour-{green}")) if isinstance(c, ft.Icon)] == [ft.Icons.PERSON_ROUNDED]
    await ui.click(f"player-{bernd.id}-rename")
    assert chip(f"player-edit-colour-{green}").label.endswith("; Cy has it")
    # Bernd's own colour is his to keep: it is not said to be had.
    own = bernd.colour.lstrip("#").lower()
    assert "has it" not in chip(f"player-edit-colour-{own}").label
    # A colour several have names them all.
    store.players.add("Dee", colour=cy.colour)
    ui = await open_ui(route="/players")
    assert chip(f"player-colour-{green}").label.endswith("; Cy and Dee have it")


async def test_rename_a_player(open_ui, store):
    ann = store.players.add("Ann")
    store.players.add("Bob")
    longest = store.players.add("B" * 40)
    ui = await open_ui(route="/players")
    await ui.click(f"player-{ann.id}-rename")
    assert ui.get("player-edit-name").value == "Ann"
    assert ui.get("player-edit-name").label == "New name for Ann"     # not a second "Player's name"
    # Focused as it opens (typed into at once, and scrolled into view): the field is asked to take the focus.
    field = ui.get("player-edit-name")
    for _ in range(20):
        if any(getattr(m.body, "name", None) == "focus" and getattr(m.body, "control_id", None) == field._i
               for m in ui.client.sent):
            break
        await asyncio.sleep(0.05)
    else:
        raise AssertionError("the name field was never focused")
    await ui.type("player-edit-name", "A" * 40)           # a longer name pasted in, as the field keeps it
    assert ui.get("player-edit-name").helper == "40 characters, the most a name can have"
    await ui.type("player-edit-name", "Bob")
    assert ui.get("player-edit-name").helper is None
    await ui.click("player-edit-cancel")
    # A name already as long as a name may be says so as soon as its form opens.
    await ui.click(f"player-{longest.id}-rename")
    assert ui.get("player-edit-name").helper == "40 characters, the most a name can have"
    # ... and its label names it short: the whole name ran to three lines over the field's border at 390 px.
    assert ui.get("player-edit-name").label == "New name for " + "B" * 15 + "…"
    await ui.click("player-edit-cancel")
    await ui.click(f"player-{ann.id}-rename")
    await ui.type("player-edit-name", "Bob")
    await ui.click("player-edit-save")
    assert "bob" in ui.get("player-edit-name-error").value.lower()  # duplicate refused, still editing
    assert live(ui, "player-edit-name-error") and ui.get("player-edit-name-error").max_lines is None
    await ui.type("player-edit-name", "Annika")
    await ui.click("player-edit-save")
    assert ui.find("player-edit-name") is None
    assert _names_on_screen(ui) == ["Annika", "B" * 40, "Bob"]
    assert store.players.get(ann.id).name == "Annika"


async def test_cancel_a_rename_changes_nothing(open_ui, store):
    ann = store.players.add("Ann")
    ui = await open_ui(route="/players")
    await ui.click(f"player-{ann.id}-rename")
    await ui.type("player-edit-name", "Zed")
    await ui.click("player-edit-cancel")
    assert _names_on_screen(ui) == ["Ann"]
    assert store.players.get(ann.id).name == "Ann"


async def test_escape_cancels_a_rename_on_a_keyboard(open_ui, store):
    ann = store.players.add("Ann")
    ui = await open_ui(route="/players", width=1280)
    await ui.click(f"player-{ann.id}-rename")
    await ui.type("player-edit-name", "Zed")
    keys = {"shift": False, "ctrl": False, "alt": False, "meta": False}
    await ui._event(ui.page, "keyboard_event", {"key": "A", **keys})    # other keys are only typing
    assert ui.find("player-edit-name") is not None
    await ui._event(ui.page, "keyboard_event", {"key": "Escape", **keys})
    assert ui.find("player-edit-name") is None
    assert _names_on_screen(ui) == ["Ann"] and store.players.get(ann.id).name == "Ann"
    await ui.go("/")                                 # other screens are not sent every key pressed
    assert ui.page.on_keyboard_event is None


async def test_the_keyboard_keeps_its_place_after_enter_and_escape(open_ui, store):
    """Enter in a field lets the focus go: after a name is added, or refused, the add field takes it back, so
    the next name (or the corrected one) is typed at once; a rename closed by Enter or Escape gives it to the
    row's Rename button. It fell to the page, and the next Tab started again at the app bar."""
    ann = store.players.add("Ann")
    ui = await open_ui(route="/players", width=1280)
    await ui.type("player-name", "Bob")
    ui.client.sent.clear()
    await ui.submit("player-name")
    assert [p.name for p in store.players.list()] == ["Ann", "Bob"]
    await focused(ui, "player-name")
    await ui.type("player-name", "ann")
    ui.client.sent.clear()
    await ui.submit("player-name")                    # refused: the name is taken
    assert ui.find("player-name-error") is not None
    await focused(ui, "player-name")
    await ui.click(f"player-{ann.id}-rename")
    await ui.type("player-edit-name", "Annika")
    ui.client.sent.clear()
    await ui.submit("player-edit-name")
    assert store.players.get(ann.id).name == "Annika"
    await focused(ui, f"player-{ann.id}-rename")
    await ui.click(f"player-{ann.id}-rename")
    ui.client.sent.clear()
    keys = {"shift": False, "ctrl": False, "alt": False, "meta": False}
    await ui._event(ui.page, "keyboard_event", {"key": "Escape", **keys})
    await focused(ui, f"player-{ann.id}-rename")


async def test_escape_that_closes_the_remove_dialog_keeps_the_rename_under_it(open_ui, store):
    ann, bob = store.players.add("Ann"), store.players.add("Bob")
    ui = await open_ui(route="/players", width=1280)
    await ui.click(f"player-{ann.id}-rename")
    await ui.type("player-edit-name", "Annika")
    await ui.click(f"player-{bob.id}-remove")
    # While the dialog is open the page does not listen for keys: Flutter closes the dialog on Escape, and
    # the key never reaches the rename under it.
    assert ui.page.on_keyboard_event is None
    [dialog] = ui.dialogs()
    await ui._event(dialog, "dismiss")
    assert ui.get("player-edit-name").value == "Annika"
    assert ui.page.on_keyboard_event is not None                 # listening again for the rename
    assert store.players.get(bob.id).removed is False


async def test_remove_asks_first_and_keeps_past_games(open_ui, store):
    ann = store.players.add("Ann")
    bob = store.players.add("Bob")
    store.history.add({"game": "ridgeline", "finished": "2026-03-01T18:00:00+00:00", "title": "Camp night",
                       "players": [{"id": ann.id, "name": "Ann", "score": 40, "winner": True},
                                   {"id": bob.id, "name": "Bob", "score": 31, "winner": False}],
                       "detail": {}, "session": None})
    ui = await open_ui(route="/players")
    await ui.click(f"player-{ann.id}-remove")
    assert "Remove Ann?" in ui.text()
    await ui.click("player-remove-cancel")
    assert not ui.dialogs()
    assert _names_on_screen(ui) == ["Ann", "Bob"]

    await ui.click(f"player-{ann.id}-remove")
    await ui.click("player-remove-confirm")
    assert not ui.dialogs()
    assert _names_on_screen(ui) == ["Bob"]
    assert [p.name for p in store.players.list()] == ["Bob"]
    assert store.players.get(ann.id).removed

    await ui.back()
    await ui.click("home-history")
    assert "Camp night" in ui.text() and "Ann (removed)" in ui.texts()      # kept, and said to be removed


async def test_a_removed_player_is_brought_back_with_their_games(open_ui, store):
    # Removed by the Remove button or by restoring an earlier roster in Settings: the same player comes back
    # (the same id, so History and Statistics are theirs again), unless someone current has the name.
    ann = store.players.add("Ann")
    store.history.add({"game": "ridgeline", "finished": "2026-03-01T18:00:00+00:00", "title": "Camp night",
                       "players": [{"id": ann.id, "name": "Ann", "score": 40, "winner": True}],
                       "detail": {}, "session": None})
    store.players.remove(ann.id)
    other = store.players.add("ann")
    ui = await open_ui(route="/players")
    assert "Removed · 1 player" in ui.text() and _names_on_screen(ui) == ["ann"]
    await ui.click(f"player-{ann.id}-restore")
    assert ui.get("players-back-result").value == ("Ann cannot come back while ann is on the roster: rename that "
                                                   "player first.")
    assert store.players.get(ann.id).removed
    store.players.remove(other.id)
    await ui.click(f"player-{ann.id}-restore")
    assert ui.get("players-back-result").value == "Ann is back on the roster, with every game they played."
    assert _names_on_screen(ui) == ["Ann"] and not store.players.get(ann.id).removed
    assert ui.find(f"player-{ann.id}-restore") is None and ui.find(f"player-{other.id}-restore") is not None


async def test_adding_a_removed_players_name_asks_whether_to_bring_them_back(open_ui, store):
    # A new "Cleo" was added without a word: someone else, with none of her games, and the removed Cleo could
    # not come back under her name afterwards.
    cleo = store.players.add("Cleo")
    store.players.remove(cleo.id)
    ui = await open_ui(route="/players")
    await ui.type("player-name", " cleo ")
    await ui.click("player-add")
    assert ui.get("player-namesake") is not None and _names_on_screen(ui) == []
    assert "Bring Cleo back with those games, or add a new player with the same name?" in ui.text()
    await ui.click("player-namesake-restore")
    assert not store.players.get(cleo.id).removed and _names_on_screen(ui) == ["Cleo"]
    assert ui.get("player-name").value == "" and ui.find("player-namesake") is None
    # Or a new player after all.
    store.players.remove(cleo.id)
    ui = await open_ui(route="/players")
    await ui.type("player-name", "Cleo")
    await ui.click("player-add")
    await ui.click("player-add-anew")
    [new] = store.players.list()
    assert new.name == "Cleo" and new.id != cleo.id and store.players.get(cleo.id).removed


async def test_another_tab_sees_a_new_player(open_ui, store):
    first = await open_ui(route="/players")
    second = await open_ui(route="/players")
    await first.type("player-name", "Dana")
    await first.click("player-add")
    assert _names_on_screen(second) == ["Dana"]


async def test_saving_a_colour_does_not_undo_a_rename_made_meanwhile_in_another_tab(open_ui, store):
    from companion.ui.shell.players import player_palette

    eva = store.players.add("Eva")
    first = await open_ui(route="/players")
    second = await open_ui(route="/players")
    await second.click(f"player-{eva.id}-rename")            # the form opens with "Eva"
    await first.click(f"player-{eva.id}-rename")
    await first.type("player-edit-name", "Evi")
    await first.click("player-edit-save")
    colour = next(c for c in player_palette() if c.lower() != eva.colour.lower())
    await second.click(f"player-edit-colour-{colour.lstrip('#').lower()}")
    await second.click("player-edit-save")
    saved = store.players.get(eva.id)
    assert (saved.name, saved.colour) == ("Evi", colour)          # each tab saved what it changed
    # And the other way round: a colour chosen in one tab stays when the other renames.
    await second.click(f"player-{eva.id}-rename")
    await first.click(f"player-{eva.id}-rename")
    other = next(c for c in player_palette() if c.lower() not in (eva.colour.lower(), colour.lower()))
    await first.click(f"player-edit-colour-{other.lstrip('#').lower()}")
    await first.click("player-edit-save")
    await second.type("player-edit-name", "Eve")
    await second.click("player-edit-save")
    saved = store.players.get(eva.id)
    assert (saved.name, saved.colour) == ("Eve", other)


async def test_a_name_field_keeps_the_letters_as_typed(open_ui, store):
    # Flet turns a field's capitalization into a rule on every keystroke, not a hint to the keyboard: with
    # WORDS, "van Dijk" could only be written "Van Dijk", "de la Cruz" only "De La Cruz".
    ann = store.players.add("Ann")
    ui = await open_ui(route="/players")
    await ui.click(f"player-{ann.id}-rename")
    for key in ("player-name", "player-edit-name"):
        assert ui.get(key).capitalization in (None, ft.TextCapitalization.NONE), key
    await ui.type("player-edit-name", "van Dijk")
    await ui.click("player-edit-save")
    assert store.players.get(ann.id).name == "van Dijk"


async def test_removing_a_player_at_a_table_in_progress_says_the_game_stays(open_ui, store, save_session):
    dan, eve = store.players.add("Dan"), store.players.add("Eve")
    save_session("ridgeline", "Long ridge", players=[dan.id, eve.id])
    ui = await open_ui(route="/players")
    await ui.click(f"player-{eve.id}-remove")
    assert ui.get("player-remove-words").value.endswith(
        "They are at the table of a game in progress: it stays, and can still be finished.")
    await ui.click("player-remove-cancel")
    save_session("ridgeline", "Short ridge", players=[eve.id])
    await ui.click(f"player-{eve.id}-remove")
    assert "at the table of 2 games in progress" in ui.get("player-remove-words").value
    await ui.click("player-remove-confirm")
    assert store.players.get(eve.id).removed and len(store.sessions.list()) == 2


async def test_a_save_that_fails_is_reported_under_the_field(open_ui, store):
    ui = await open_ui(route="/players")
    store.close()  # from here every save is refused with a StoreError, as on a failing disk
    await ui.type("player-name", "Eve")
    await ui.click("player-add")
    error = ui.get("player-name-error").value
    assert error and "closed" in error
    assert ui.get("player-name").value == "Eve"


async def test_a_tap_right_after_typing_uses_what_was_typed(open_ui, store):
    # The tap arrives before the screen redraws with the typed text (paste and tap, or a browser
    # test's fill then click): the handler must still see the text.
    ui = await open_ui(route="/players")
    await ui.type("player-name", "Ngawang", settle=False)
    await ui.click("player-add")
    assert [p.name for p in store.players.list()] == ["Ngawang"]
    ann = store.players.list()[0]
    await ui.click(f"player-{ann.id}-rename")
    await ui.type("player-edit-name", "Ngawang Sherpa", settle=False)
    await ui.click("player-edit-save")
    assert store.players.get(ann.id).name == "Ngawang Sherpa"


async def test_a_players_row_opens_their_statistics(open_ui, store):
    player = store.players.add("Lakpa")
    ui = await open_ui(route="/players")
    await ui.click(f"player-{player.id}-stats")
    assert ui.route == f"/players/stats/id:{player.id}"
    assert "Lakpa has no finished games in History yet." in ui.text()
    assert ui.view_routes == ["/", "/players", f"/players/stats/id:{player.id}"]     # back returns to the roster
    # The roster opened from a new game's screen: back returns to it, over the new game.
    await ui.go("/games/trek12/players")
    await ui.click(f"player-{player.id}-stats")
    assert ui.view_routes == ["/", "/games/trek12", "/games/trek12/players",
                              f"/games/trek12/players/stats/id:{player.id}"]


async def test_a_rename_says_a_game_in_progress_keeps_the_old_name(open_ui, store):
    from companion.sessions import SessionKeeper

    ann, bob, cy = store.players.add("Ann"), store.players.add("Bob"), store.players.add("Cy")
    setup = {"seats": [{"id": p.id, "name": p.name} for p in (ann, bob)], "route": "ridge", "checked": True}
    SessionKeeper(store).start("ridgeline", setup, [ann.id, bob.id], "ridge")
    ui = await open_ui(route="/players")
    await ui.click(f"player-{ann.id}-rename")
    assert ui.get("player-edit-playing").value == ("The game in progress they are at keeps the name it began with; "
                                                   "History will say who played as whom.")
    await ui.click("player-edit-cancel")
    await ui.click(f"player-{cy.id}-rename")
    assert ui.find("player-edit-playing") is None


async def test_a_dialog_keeps_a_readable_width_on_a_desktop(open_ui, store):
    """A dialog is as wide as its words: "Remove Ann?" spread one sentence over 1,100 px of a 1280 px window.
    Its words ask for a width of their own, which a narrower window (a phone, or a window made narrower while
    the dialog is open) cuts down to what it has; margins worked out from the window's width when the dialog
    opened left one letter a line once the window was made narrower."""
    from companion.ui.common.widgets import DIALOG_WIDTH

    ann = store.players.add("Ann")
    ui = await open_ui(route="/players", width=1280)
    await ui.click(f"player-{ann.id}-remove")
    dialog = ui.dialogs()[0]
    assert dialog.inset_padding is None                      # Flutter's own margins, whatever the window
    assert isinstance(dialog.content, ft.Container) and dialog.content.width <= DIALOG_WIDTH - 48
    assert dialog.content.content.key == "player-remove-words"


async def test_a_tab_asleep_when_the_rename_form_opens_or_closes_is_let_be(open_ui, store, monkeypatch):
    """A phone that puts the tab to sleep answers no focus request: Flet raises TimeoutError. Opening and
    closing a rename form must carry on (the name is saved), not fail in the effect that focuses."""
    ann = store.players.add("Ann")
    ui = await open_ui(route="/players")
    asked = []

    async def asleep(self) -> None:
        asked.append(self.key)
        raise TimeoutError("the client did not answer")

    for kind in (ft.FormFieldControl, ft.IconButton):     # the name field, and the row's Rename button
        monkeypatch.setattr(kind, "focus", asleep)
    loop = asyncio.get_running_loop()
    failed = []
    loop.set_exception_handler(lambda _loop, context: failed.append(context.get("exception")))
    try:
        await ui.click(f"player-{ann.id}-rename")
        await asyncio.sleep(0.4)
        await ui.type("player-edit-name", "Annika")
        await ui.submit("player-edit-name")
        await asyncio.sleep(0.4)
    finally:
        loop.set_exception_handler(None)
    assert store.players.get(ann.id).name == "Annika"
    assert asked == ["player-edit-name", f"player-{ann.id}-rename"]
    assert failed == [] and ui.client.crashes == []
