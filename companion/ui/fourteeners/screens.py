"""The 14ers screens: a new game, scoring a finished one, the card catalog, and the game in progress.

`/games/fourteeners` sets up a game, or on its "Score a finished game" tab a finished game to enter from
its tableaus, or on its Cards tab edits the owner's card catalog (the rulebook prints no card texts, so the
owner describes them once); `/play/fourteeners/<id>` plays a game (`play.FourteenersPlay`) or takes a
finished game's tableaus (`final.FinalTableaus`). Importing this module registers both with the shell.
"""

from __future__ import annotations

import functools
from typing import Any

import flet as ft

from companion.games.fourteeners.rules import Phase
from companion.games.fourteeners.session import GAME_ID
from companion.i18n import N_, _, tr
from companion.ui.common.registry import register_breakdown_words, register_game_progress, register_game_screen
from companion.ui.common.services import use_app
from companion.ui.common.widgets import bind, labelled, screen_view
from companion.ui.fourteeners.editor import AccoladeEditor, CardEditor, CatalogList, HikerEditor, WeatherEditor
from companion.ui.fourteeners.parts import choice_chip
from companion.ui.fourteeners.final import FinalTableaus
from companion.ui.fourteeners.forms import half_label, side_label
from companion.ui.fourteeners.names import shown_name
from companion.ui.fourteeners.play import FourteenersPlay, round_words
from companion.ui.fourteeners.setup import SetupPanel

__all__ = ["FourteenersNewGame", "FourteenersPlay", "FourteenersGame", "FinalTableaus"]

_TABS = (("setup", N_("New game"), ft.Icons.PLAY_ARROW_ROUNDED),
         ("final", N_("Score a finished game"), ft.Icons.CALCULATE_ROUNDED),
         ("cards", N_("Cards"), ft.Icons.STYLE_ROUNDED))


@ft.component
def FourteenersNewGame() -> ft.View:
    """Route `/games/fourteeners`: set up a game, or describe the cards on the Cards tab."""
    tab, set_tab = ft.use_state("setup")
    editing, set_editing = ft.use_state(None)          # Editing: None, or ("card" | "accolade", name)
    leave = ft.use_ref(None)                           # the open editor's way back: it asks before dropping changes
    # Each setup form's choices, by tab: a form left for the Cards tab ("Describe them") comes back as it was.
    forms, set_forms = ft.use_state(dict)

    def keep(name: str, choices) -> None:
        set_forms(lambda kept: {**kept, name: choices})

    def close() -> None:
        set_editing(None)

    def back() -> None:
        (leave.current or close)()

    if tab == "cards" and editing is not None:
        kind, name = editing
        leave.current = None                           # set again by a card or Accolade editor as it draws
        if kind == "card":
            title, editor = (_("Edit card") if name else _("New Climb card")), CardEditor(
                original=name, close=close, leave_ref=leave, key=f"card-{name}")
        elif kind == "accolade":
            title, editor = (_("Edit Accolade") if name else _("New Accolade")), AccoladeEditor(
                original=name, close=close, leave_ref=leave, key=f"accolade-{name}")
        elif kind == "hiker":
            title, editor = _("Hiker ability"), HikerEditor(letter=name, close=close, key=f"hiker-{name}")
        else:
            title, editor = _("Weather card"), WeatherEditor(name=name, close=close, key=f"weather-{name}")
        view = screen_view(title, [editor])
        # Back (the app bar arrow, or Android's back button asking to pop) closes the editor and returns to
        # the list, rather than leaving the screen with the edit lost, and asks first when something was
        # changed; a pop that reaches the page without asking is caught by the editor itself
        # (`use_back_cancels`).
        view.appbar.leading = labelled("ftc-back", ft.IconButton(ft.Icons.ARROW_BACK_ROUNDED, key="ftc-back",
                                                                 tooltip=_("Back to the cards"),
                                                                 on_click=lambda: back()))

        async def back_pressed(e: ft.Event) -> None:
            back()
            await e.control.confirm_pop(False)

        view.can_pop = False
        view.on_confirm_pop = back_pressed
        return view

    tabs = ft.Row(spacing=8, run_spacing=8, wrap=True, controls=[
        choice_chip(f"ft-tab-{name}", _(label), tab == name, bind(set_tab, name), icon=icon)
        for name, label, icon in _TABS])
    if tab == "cards":
        content = CatalogList(set_editing=set_editing)
    else:
        # One setup form for both: a finished game has the same players, Hikers and Accolade half.
        content = SetupPanel(open_cards=bind(set_tab, "cards"), final=tab == "final", kept=forms.get(tab),
                             keep=functools.partial(keep, tab), key=f"setup-{tab}")
    return screen_view(_("14ers"), [tabs, content])


@ft.component
def FourteenersGame(session_id: str) -> ft.View:
    """Route `/play/fourteeners/<id>`: a game played turn by turn, or a finished game scored from its tableaus."""
    app = use_app()
    record = app.store.sessions.get(session_id) or (app.store.history.get(session_id) or {}).get("session") or {}
    setup = record.get("setup") if isinstance(record, dict) else None
    if isinstance(setup, dict) and setup.get("final") is True:
        return FinalTableaus(session_id=session_id)
    return FourteenersPlay(session_id=session_id)


def record_words(detail: Any, within: str | None = None) -> Any:
    """A 14ers breakdown as History shows it: the Hiker side each scoring line comes from (Capstone, Gear,
    Training, Plans) and the Accolade card's half (Basic, Advanced) in the player's language.

    A player's scoring lines are headed as the end screen heads them ("What scored"): the field's general
    label, "Lines", is Trek 12's Fixed Lines in other languages; the Accolade's winners are headed "Won by",
    since "Winners" (said "Win" in other languages) over them read as the game's. Whether a player is Gerry is
    said by his name, so that flag is not shown as a row of its own ("Gerry: No"); and a solo game's outcome,
    the same sentence as its verdict, is said once (a game with several players has none).

    What scored lists every part of the total, as the end screen does: after the lines, the Accolade's
    points and the points for Guides with a Photo ('Game End and Scoring' steps 1 and 4), so they add up."""
    if isinstance(detail, dict) and within is None and isinstance(detail.get("players"), list):
        accolade = detail.get("accolade")
        category = accolade.get("category") if isinstance(accolade, dict) else None
        names = tuple(p["name"] for p in detail["players"] if isinstance(p, dict) and isinstance(p.get("name"), str))
        detail = {**detail, "players": [_whole_score(p, category, names) for p in detail["players"]]}
    if isinstance(detail, dict):
        out = {}
        for key, value in detail.items():
            if key == "side" and isinstance(value, str):
                out[key] = _side_words(value, within)
            elif key == "gerry" and within == "players" and isinstance(value, bool):
                continue
            elif key == "outcome" and within is None and (value is None or value == detail.get("verdict")):
                continue
            elif key == "lines" and within == "players":
                out["scored"] = record_words(value, key)
            elif key == "winners" and within == "accolade":
                out["won_by"] = value       # the Accolade's holders, not the game's winners
            else:
                out[key] = record_words(value, key if isinstance(key, str) else within)
        return out
    if isinstance(detail, list):
        return [record_words(value, within) for value in detail]
    return detail


def _whole_score(player: Any, category: Any, names: tuple[str, ...] = ()) -> Any:
    """A player's scoring lines, each with its side said in its text (the table has room for the card's name
    and the points beside it), then the parts scored beside them: the Accolade, the Guides with a Photo."""
    if not isinstance(player, dict) or not isinstance(player.get("lines"), list):
        return player
    lines = [_with_side(line, names) for line in player["lines"]]
    if isinstance(player.get("accolade"), int) and player["accolade"]:
        lines.append({"source": _("Accolade"), "text": category or "", "points": player["accolade"]})
    if isinstance(player.get("photos"), int) and player["photos"]:
        # "Guides", not "Photos": step 4 scores hired Guides with a Photo, not a tableau's Photos (the line's
        # source has two short lines of room).
        # i18n: a line of a finished 14ers game's score in History ('Game End and Scoring' step 4)
        lines.append({"source": _("Guides"), "text": _("1 point per hired Guide with a Photo"),
                      "points": player["photos"]})
    return {**player, "lines": lines}


def _with_side(line: Any, names: tuple[str, ...] = ()) -> Any:
    # "Capstone · 5 points": the side the card is tucked under (none: the Hiker's own ability), then its text.
    # A card named after its player where it was entered without a name is named in this language.
    if not isinstance(line, dict) or "side" not in line:
        return line
    side = _side_words(line["side"], "lines") if isinstance(line["side"], str) else _("Hiker")
    rest = {key: value for key, value in line.items() if key not in ("source", "side", "text", "points")}
    source = line.get("source")
    return {"source": shown_name(source, names) if isinstance(source, str) else source, "text": f"{side} · {tr(line.get('text') or '')}",
            "points": line.get("points"), **rest}


def _side_words(value: str, within: str | None) -> str:
    # An Accolade's "side" is its half; a scoring line's is the side of the Hiker card it was tucked under.
    if within == "accolade":
        return half_label(value)
    try:
        return side_label(value)
    except ValueError:
        return value


register_game_screen(GAME_ID, new_game=FourteenersNewGame, play=FourteenersGame)
# Finished, a game still takes cards described and corrected (the final score's own forms).
register_game_progress(GAME_ID, round_words, over=lambda state: state.phase is Phase.FINISHED,
                       closed_when_over=False)
register_breakdown_words(GAME_ID, record_words)
