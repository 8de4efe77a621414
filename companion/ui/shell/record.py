"""One finished game (`/history/<id>`): its players and scores, the full breakdown as it was shown at the
end, the result as text to copy or share, and delete with undo.

The breakdown is each game's own `detail` (see the games' `session.summary`), drawn generically so every
game that lands later shows up without changes here: plain values as labelled rows, lists of players,
hands or Ascents as titled blocks, and short records (a Fixed Line, a scoring line) as one line each.
No text here is selectable: in the web client a selectable text drops out of the accessibility tree, so a
screen reader would skip every score; the Copy button is the way to take the result elsewhere.
"""

from __future__ import annotations

import json
import re
from datetime import date
from typing import Any

import flet as ft

from companion.errors import CompanionError
from companion.games import GAMES
from companion.games.words import MINUS, number
from companion.i18n import N_, Message, _, format_date, format_number, tr
from companion.store.records import said_in_place
from companion.store.stats import player_key, seats, share_text
from companion.ui.common.registry import breakdown_words, forget_beside, game_screen, put_back_beside, told_beside
from companion.ui.common.services import use_app
from companion.ui.common.widgets import (format_when, labelled, message_card, said, screen_view, section_title,
                                         star_points, tell)
from companion.ui.shell.charts import panel
from companion.ui.shell.history import (record_card, record_title, roster_colours, roster_names, shown_names,
                                       stats_route)

__all__ = ["RecordScreen", "breakdown", "label_for", "value_text", "show_deleted", "missing_record"]

# Fields that name a block in a list (a player's line, a hand, an Ascent), in order of preference.
_TITLE_KEYS = ("name", "player", "seat", "climber", "hand", "ascent", "round", "turn", "source", "sheet", "number")
# Title fields that read as "Hand 3" rather than just "3".
_NUMBERED = {
    # i18n: the title of one hand of a game in a finished game's breakdown
    "hand": N_("Hand {number}"),
    # i18n: the title of one Ascent (a Trek 12 sheet) in a finished Expedition's breakdown
    "ascent": N_("Ascent {number}"),
    "round": N_("Round {number}"),
    "turn": N_("Turn {number}"),
    # i18n: the title of a numbered item in a finished game's breakdown
    "number": N_("Number {number}"),
}
# Lists longer than this are folded away under their heading (a long Ridgeline game has many hands).
_FOLD_AFTER = 6
# Deeper than this the breakdown is shown as compact text: nobody reads a tree that deep on a phone.
_MAX_DEPTH = 5
# Records with at most this many fields (besides their name) are shown as a table row each.
_TABLE_COLUMNS = 4
# How long the undo offer stays after a delete.
_UNDO_SECONDS = 10


@ft.component
def RecordScreen() -> ft.View:
    """Route `/history/<record_id>`: one finished game in full, with share, delete (undo) and statistics."""
    app = use_app()
    page = ft.context.page
    record_id = ft.use_route_params().get("record_id") or ""
    record = app.store.history.get(record_id) if record_id else None
    if record is not None:
        record = said_in_place(record)  # the engines' words (a verdict, an outcome) in the player's language
    if record is None:
        return missing_record()

    game = record.get("game", "")
    entry = GAMES.get(game)
    names = roster_names(app.store)
    shown = shown_names(app.store)       # as History lists them: a removed player marked so
    text = share_text(record, when=format_when(record.get("finished")), say=tr, names=names)

    def copied() -> None:
        tell(page, _("Result copied: paste it in a message."), "record-copied", behavior=ft.SnackBarBehavior.FLOATING)

    def correct() -> None:
        # The game back in progress under its id: its entries can be corrected on its own screen, and
        # finishing it again rewrites this record (History keeps it as it is until then).
        try:
            app.keeper.reopen(record["id"])
        except CompanionError as exc:
            tell(page, _("It cannot be corrected: {reason}").format(reason=said(exc)), "record-problem")
            return
        app.changed()
        page.navigate(f"/play/{game}/{record['id']}")

    def delete() -> None:
        # Being corrected (on this device or another): the game stays in progress, its only copy from now on.
        taken_back = app.keeper.reopened(record["id"])
        try:
            removed = app.store.history.delete(record["id"])
            # What is kept beside the game (its half-filled forms, the coach's reviews) stays with the game in
            # progress; abandoning it takes them along, as any game's.
            beside = [] if taken_back else forget_beside(app.store, record["id"])
        except CompanionError as exc:
            tell(page, _("Not deleted: {reason}").format(reason=said(exc)), "record-problem")
            return
        app.changed()
        page.navigate("/history")
        show_deleted(page, app, removed, beside, in_progress=taken_back)

    actions: list[ft.Control] = [
        labelled("record-copy", ft.FilledTonalButton(
            _("Copy result"), key="record-copy", icon=ft.Icons.CONTENT_COPY_ROUNDED,
            action=ft.CopyToClipboard(text), on_click=copied)),
    ]
    if page.platform is not None and page.platform.is_mobile():
        actions.append(labelled("record-share", ft.FilledTonalButton(
            _("Share…"), key="record-share", icon=ft.Icons.SHARE_ROUNDED,
            action=ft.ShareText(text, title=tr(entry.title) if entry else None))))

    people = [s for s in seats(record) if s.key is not None]   # guests too: their games share a name
    stats_links = [
        labelled(f"record-stats-{n}", ft.TextButton(
            _("{name}'s statistics").format(name=shown.get(s.player_id or "", s.name)), key=f"record-stats-{n}",
            icon=ft.Icons.INSIGHTS_ROUNDED,
            on_click=_go(page, stats_route(player_key(s.player_id, s.name), under=f"/history/{record_id}"))))
        for n, s in enumerate(people)
    ]

    body: list[ft.Control] = [record_card(record, roster_colours(app.store), names=shown)]
    # The breakdown keeps the names the game was played under: say who is who when a player was renamed since.
    renamed = [(names[s.player_id], s.name) for s in people if s.player_id in names and names[s.player_id] != s.name]
    if renamed:
        # i18n: a player renamed since this game: {name} is the name now, {old} the one in the game's breakdown
        said_as = [_("{name} played as {old}.").format(name=now, old=then) for now, then in renamed]
        body.append(ft.Text(" ".join(said_as), key="record-renamed", size=12, color=ft.Colors.ON_SURFACE_VARIANT))
    if record.get("corrected"):
        body.append(ft.Text(_("Corrected {when}").format(when=format_when(record["corrected"])),
                            key="record-corrected", size=12,
                            color=ft.Colors.ON_SURFACE_VARIANT))
    body += [
        panel(key="record-share-panel", spacing=12, controls=[
            ft.Text(_("Share the result"), weight=ft.FontWeight.W_600),
            ft.Container(
                padding=12, border_radius=ft.BorderRadius.all(10), bgcolor=ft.Colors.SURFACE_CONTAINER_HIGHEST,
                content=ft.Text(text, key="record-share-text", size=13, font_family="monospace"),
            ),
            ft.Row(actions, wrap=True, spacing=8, run_spacing=8),
        ]),
        section_title(_("Score breakdown"), key="record-breakdown-title"),
        *breakdown(breakdown_words(record.get("game"), record.get("detail"))),
    ]
    if stats_links:
        body.append(section_title(_("Statistics")))
        body.append(ft.Row(stats_links, wrap=True, spacing=4))
    screen = game_screen(game) if entry else None
    footer: list[ft.Control] = []
    if screen is not None:
        footer.append(labelled("record-open-game", ft.TextButton(
            _("Open on the game's screen"), key="record-open-game", icon=ft.Icons.OPEN_IN_NEW_ROUNDED,
            on_click=lambda: page.navigate(f"/history/{record['id']}/game"))))
        if isinstance(record.get("session"), dict):
            footer.append(labelled("record-correct", ft.TextButton(
                _("Correct an entry"), key="record-correct", icon=ft.Icons.EDIT_NOTE_ROUNDED, on_click=correct)))
    footer.append(labelled("record-delete", ft.TextButton(
        _("Delete from History"), key="record-delete", icon=ft.Icons.DELETE_OUTLINE_ROUNDED, on_click=delete,
        style=ft.ButtonStyle(color=ft.Colors.ERROR))))
    body.append(ft.Container(padding=ft.Padding.only(top=8), content=ft.Row(
        footer, wrap=True, alignment=ft.MainAxisAlignment.SPACE_BETWEEN)))
    return screen_view(tr(entry.title) if entry else _("Finished game"), body)


def missing_record() -> ft.View:
    """What an address of a game no longer in History (`/history/<id>`, `/history/<id>/game`) shows."""
    return screen_view(_("Finished game"), [
        message_card(ft.Icons.SEARCH_OFF_ROUNDED, _("This game is not in History"),
                     _("It may have been deleted, or the address is wrong."), key="record-missing"),
        ft.Row([labelled("record-back", ft.FilledTonalButton(_("Back to History"), key="record-back",
                                                             icon=ft.Icons.HISTORY_ROUNDED,
                                                             on_click=lambda: ft.context.page.navigate("/history")))],
               alignment=ft.MainAxisAlignment.END),
    ])


def _go(page: ft.Page, route: str):
    return lambda: page.navigate(route)


def show_deleted(page: ft.Page, app, removed: dict, beside: list | None = None, *, in_progress: bool = False) -> None:
    """Say the game was deleted, offering to put it back (HistoryRepo.restore keeps its id), with what was
    kept beside it (`registry.forget_beside`: the coach's reviews of a Trek 12 game, an Expedition's Hall of
    Fame lines and envelopes, which the message names); `in_progress`: the game was being corrected, and stays
    in progress."""

    what = record_title(removed) or (tr(GAMES[removed["game"]].title) if removed.get("game") in GAMES
                                     else _("The game"))

    def undo() -> None:
        # Back already (a backup imported meanwhile brings it back): said, where the tap seemed to do nothing.
        already = removed.get("id") in app.store.history
        try:
            app.store.history.restore(removed)
            put_back_beside(app.store, beside or [])
        except CompanionError as exc:
            tell(page, _("Could not put it back: {reason}").format(reason=said(exc)), "record-problem")
            return
        if already:
            # i18n: {what} is the game's title, or the game's name, as in "Deleted {what} ({when})"
            words = _("{what} was already back in History.").format(what=what)
        else:
            # i18n: {what} is the game's title, or the game's name, as in "Deleted {what} ({when})"
            words = _("{what} is back in History.").format(what=what)
        tell(page, words, "history-restored")
        app.changed()

    # i18n: {what} is the game's title, or the game's name; {when} when it was finished
    words = _("Deleted {what} ({when})").format(what=what, when=format_when(removed.get("finished")))
    more = told_beside(beside or [])
    if in_progress:
        more.append(_("The game being corrected stays in progress: finishing it puts it back in History, "
                      "abandoning it deletes it."))
    if more:
        # i18n: {deleted} is the sentence above ("Deleted Dunai (3 Mar 2026, 14:05)"), {more} what went with it
        words = _("{deleted}. {more}").format(deleted=words, more=" ".join(more))
    tell(page, words, "history-deleted",
         action=ft.SnackBarAction(_("Undo"), key="history-undo", on_click=undo),
         duration=ft.Duration(seconds=_UNDO_SECONDS), behavior=ft.SnackBarBehavior.FLOATING)


# --- the breakdown ----------------------------------------------------------------------------------------------

def breakdown(detail: Any) -> list[ft.Control]:
    """A game's breakdown as panels: its plain facts first, then one titled section per list or group."""
    if not isinstance(detail, dict) or not detail:
        return [ft.Text(_("No breakdown was kept for this game."), key="record-no-detail",
                        color=ft.Colors.ON_SURFACE_VARIANT)]
    # An id shown by its name beside it ("route": "sprint" beside "route_name": "Sprint") is said once.
    hidden = _HIDDEN | {k for k in detail if isinstance(k, str) and (f"{k}_name" in detail or f"{k}_title" in detail)}
    facts = [(k, v) for k, v in detail.items() if _simple(v) and k not in hidden
             and not (v is None and k in _ONLY_WHEN_SET)]
    groups = [(k, v) for k, v in detail.items() if not _simple(v) and k not in hidden]
    out: list[ft.Control] = []
    if facts:
        out.append(panel([_row(label_for(k, v), v, str(k)) for k, v in facts], key="record-facts", spacing=6))
    for name, value in groups:
        heading = label_for(name)
        content = _block(value, str(name), 1)
        if isinstance(value, list) and len(value) > _FOLD_AFTER:
            out.append(_folded(f"{heading} ({len(value)})", content, key=f"record-fold-{name}"))
        else:
            out.append(section_title(heading, key=f"record-section-{name}"))
            out.append(content)
    return out


# What a finished game's breakdown calls its fields (the keys of the games' history records), said in the
# player's language; a key not listed here is shown as it is written, 'line_bonus' as 'Line bonus'.
_FIELD_LABELS = {
    "died_turn": N_("Died turn"),
    "ended_early": N_("Ended early"),
    "acclimatization": N_("Acclimatization"),
    "accolade": N_("Accolade"),
    "alive": N_("Alive"),
    "ascent": N_("Ascent"),
    "ascents": N_("Ascents"),
    # i18n: a Trek 12 sheet's breakdown in History: how many Assist cards were cashed, each worth 3 points
    "assists": N_("Cards cashed (+3 each)"),
    # i18n: an Expedition's Ascent in History: each player's score with the cards they cashed
    "ascent_scores": N_("Scores with cards cashed"),
    # i18n: a Freunde climber's best victory points (VP) reached, in a finished game's breakdown
    "best_vp": N_("Best VP"),
    "board": N_("Board"),
    "board_title": N_("Board title"),
    "board_verified": N_("Board verified"),
    "by_hand": N_("By hand"),
    "camp_fatigue": N_("Camp fatigue"),
    "camps": N_("Camps"),
    "camps_cleared": N_("Camps cleared"),
    "capstones": N_("Capstones"),
    "card_fatigue": N_("Card fatigue"),
    "cards": N_("Cards"),
    "cashed": N_("Cashed"),
    "category": N_("Category"),
    "challenges": N_("Challenges"),
    "circles": N_("Circles"),
    # i18n: an Expedition's breakdown: the Assist cards each player holds at its end
    "cards_held": N_("Cards held"),
    "climber": N_("Climber"),
    "climbers": N_("Climbers"),
    "complete": N_("Complete"),
    "counts": N_("Counts"),
    "date": N_("Date"),
    "dealer": N_("Dealer"),
    "deaths": N_("Deaths"),
    "decided_by": N_("Decided by"),
    "deck_left": N_("Deck left"),
    "envelope": N_("Envelope"),
    "envelopes": N_("Envelopes"),
    "fatigue": N_("Fatigue"),
    "finished": N_("Finished"),
    "game": N_("Game"),
    "gerry": N_("Gerry"),
    "hand": N_("Hand"),
    "hands": N_("Hands"),
    "hiker": N_("Hiker"),
    "id": N_("Id"),
    "in_play": N_("In play"),
    "lead": N_("Lead"),
    "left": N_("Left"),
    "line_bonus": N_("Line bonus"),
    "lines": N_("Lines"),
    "lower_is_better": N_("Lower is better"),
    # i18n: a Trek 12 Ascent in History: whether it was played with the designer's reading (Yes) or the rulebook's
    "merge_lines": N_("A number may join two Fixed Lines"),
    "moves": N_("Moves"),
    "name": N_("Name"),
    "names": N_("Names"),
    "new_record": N_("New record"),
    "note": N_("Note"),
    "number": N_("Number"),
    "opener": N_("Opener"),
    "orphans": N_("Orphans"),
    # i18n: Trek 12 in History: the points Max's orphans earn him (+3 each, where a player's cost 3)
    "orphan_bonus": N_("Orphan bonus (Max)"),
    "outcome": N_("Outcome"),
    "over": N_("Over"),
    "penalty": N_("Penalty"),
    "phase": N_("Phase"),
    # 14ers' step 4 scores the hired Guides with a Photo, not the Photos of a tableau ('Game End and Scoring')
    "photos": N_("Guides with a Photo"),
    "pitched": N_("Pitched"),
    "plans": N_("Plans"),
    "player": N_("Player"),
    "players": N_("Players"),
    "points": N_("Points"),
    "printed": N_("Printed"),
    "race": N_("Race"),
    "record": N_("Record"),
    "record_before": N_("Record before"),
    "records": N_("Records"),
    "rounds": N_("Rounds"),
    "route": N_("Route"),
    "route_name": N_("Route name"),
    "score": N_("Score"),
    # 14ers: a player's scoring lines, as its end screen heads them
    "scored": N_("What scored"),
    "scored_from_tableaus": N_("Scored from tableaus"),
    "scores": N_("Scores"),
    "seats": N_("Seats"),
    "sheet": N_("Sheet"),
    # i18n: an Expedition's Ascent in History: each player's points on the sheet alone, before cards
    "sheet_points": N_("Points on the sheet"),
    "side": N_("Side"),
    "skulls": N_("Skulls"),
    "solo": N_("Solo"),
    # i18n: a finished game's breakdown: the solo opponent played against (Max, Gerry), or nobody
    "solo_opponent": N_("Solo opponent"),
    "solo_rank": N_("Solo rank"),
    "source": N_("Source"),
    "space": N_("Space"),
    "standings": N_("Standings"),
    "stars": N_("Stars"),
    "summit": N_("Summit"),
    "summit_reached": N_("Summit reached"),
    "summit_turn": N_("Summit turn"),
    # i18n: a column of 14ers' "What scored": how each line scores ("Plans · 3 points if …")
    "text": N_("Scoring"),
    "tie_break": N_("Tie break"),
    "total": N_("Total"),
    "totals": N_("Totals"),
    "turn": N_("Turn"),
    "turns_played": N_("Turns played"),
    "value": N_("Value"),
    "verdict": N_("Verdict"),
    "weather": N_("Weather"),
    "weather_season": N_("Weather season"),
    "went_out": N_("Went out"),
    "winner": N_("Winner"),
    "winners": N_("Winners"),
    # i18n: 14ers: who won the Accolade (one player or several), over their names; not the game's winners
    "won_by": N_("Won by"),
    "zone_bonus": N_("Zone bonus"),
    "zones": N_("Zones"),
}


# Fields kept for the program, not for people: a player's id, the game's id (its title is the screen's).
_HIDDEN = frozenset({"id", "game"})
# Fields that exist only in some games of their kind, null in the others (Freunde's solo rank in a game with
# other players; 14ers' Accolade card name and half, when the players typed its category only): no row at all
# there, rather than "—".
_ONLY_WHEN_SET = frozenset({"solo_rank", "name", "side"})


def label_for(key: Any, value: Any = None) -> str:
    """A field name for people: 'line_bonus' -> 'Line bonus'; names such as 'Ann' stay as they are. With its
    `value`, a list of winners holding one name is headed as one winner."""
    text = str(key)
    if text == "winners" and isinstance(value, list) and len(value) == 1:
        text = "winner"
    if text == "solo" and not isinstance(value, bool):
        # A Trek 12 sheet's "solo" is who was played against, null for nobody ("Solo: No" stood on a sheet
        # played alone); Freunde's and an Expedition's are a yes or no (played alone; a solo Expedition).
        text = "solo_opponent"
    if text in _FIELD_LABELS:
        return _(_FIELD_LABELS[text])
    if any(c.isupper() for c in text) or " " in text:
        return text
    words = text.replace("_", " ").strip()
    return words[:1].upper() + words[1:] if words else text


def value_text(value: Any) -> str:
    """A plain value for people: Yes/No, '—' for nothing, lists joined by commas, numbers without '.0'
    (with the language's decimal sign, and a true minus sign)."""
    if value is None:
        return "—"
    if isinstance(value, bool):
        return _("Yes") if value else _("No")
    if isinstance(value, int):
        return number(value)                    # a true minus sign, as the scoring tables write it
    if isinstance(value, float):
        if value.is_integer():
            return number(int(value))
        text = f"{value:g}"
        text = text if "e" in text or "n" in text else format_number(float(text), group=False)
        return text.replace("-", MINUS, 1) if value < 0 else text
    if isinstance(value, list):
        # i18n: a list with nothing in it, in a finished game's breakdown
        return ", ".join(value_text(v) for v in value) if value else _("none")
    if isinstance(value, dict):
        return _("none") if not value else json.dumps(value, ensure_ascii=False)
    if isinstance(value, str) and _ISO_DAY.fullmatch(value):
        # A day as the files write it (an Expedition's Ascent date): as the language writes dates.
        try:
            return format_date(date.fromisoformat(value))
        except ValueError:
            pass
    return star_points(tr(value) if isinstance(value, Message) else str(value))


_ISO_DAY = re.compile(r"\d{4}-\d{2}-\d{2}")


def _simple(value: Any) -> bool:
    if isinstance(value, (list, tuple)):
        return all(not isinstance(v, (dict, list, tuple)) for v in value)
    if isinstance(value, dict):
        return not value
    return True


def _flat(item: Any) -> bool:
    return isinstance(item, dict) and all(_simple(v) for v in item.values())


def _row(label: str, value: Any, path: str) -> ft.Control:
    if path.rpartition(".")[2] == "solo":
        value = _solo_words(value)
    return ft.Row(
        key=f"record-row-{path}",
        spacing=12,
        vertical_alignment=ft.CrossAxisAlignment.START,
        controls=[
            # Half the row each: a label may be one long word ("Gleichstand-Entscheid"), which four ninths
            # of a phone broke inside the word.
            ft.Text(label, size=13, color=ft.Colors.ON_SURFACE_VARIANT, expand=1),
            ft.Text(value_text(value), size=13, weight=ft.FontWeight.W_600, expand=1,
                    text_align=ft.TextAlign.RIGHT),
        ],
    )


def _block(value: Any, path: str, depth: int) -> ft.Control:
    """A list or group inside the breakdown, at `depth` (1 for a top-level section)."""
    if depth > _MAX_DEPTH:
        return ft.Text(value_text(value), size=12)
    if isinstance(value, dict):
        table = _table([(label_for(k), v, f"{path}.{k}") for k, v in _in_order(value)], None)
        if table is not None:
            return panel([table]) if depth == 1 else _nested([table])
        return panel(_fields(value, path, depth), spacing=6) if depth == 1 else _nested(_fields(value, path, depth))
    if isinstance(value, list):
        titled = [_title_of(v, n) if isinstance(v, dict) else None for n, v in enumerate(value)]
        if value and all(titled) and len({t[0] for t in titled if t}) == 1:
            title_key = titled[0][0] if titled[0] else None
            table = _table([(t[1], v, f"{path}.{n}") for n, (t, v) in enumerate(zip(titled, value)) if t], title_key)
            if table is not None:
                return panel([table]) if depth == 1 else _nested([table])
        if value and all(_flat(v) and _title_of(v, 0) is None for v in value):
            # Short records without a name (a Fixed Line, a Mapped Zone): one line each.
            lines = [_compact(v, f"{path}.{n}") for n, v in enumerate(value)]
            return panel(lines, spacing=4) if depth == 1 else _nested(lines)
        items = [_item(v, f"{path}.{n}", n, depth) for n, v in enumerate(value)]
        return ft.Column(items, spacing=8, tight=True, horizontal_alignment=ft.CrossAxisAlignment.STRETCH)
    return ft.Text(value_text(value), size=13)


def _in_order(group: dict) -> list[tuple[Any, Any]]:
    """A group's fields as kept, except that a player's total closes their breakdown: Trek 12's cards cashed,
    kept after it, were read as left out of it. (Only a player's: a player named "Total" among the names of
    an Accolade's counts stays in its place.)"""
    items = list(group.items())
    if "name" not in group:
        return items
    return sorted(items, key=lambda item: item[0] in ("total", "totals"))


def _fields(group: dict, path: str, depth: int, skip: str | None = None) -> list[ft.Control]:
    controls: list[ft.Control] = []
    for key, value in _in_order(group):
        if key == skip or key in _HIDDEN or (value is None and key in _ONLY_WHEN_SET):
            continue
        where = f"{path}.{key}"
        if _simple(value):
            controls.append(_row(label_for(key, value), value, where))
            continue
        heading = label_for(key)
        if isinstance(value, list) and len(value) > _FOLD_AFTER:
            controls.append(_folded(f"{heading} ({len(value)})", _block(value, where, depth + 1),
                                    key=f"record-fold-{where}"))
        else:
            controls.append(ft.Text(heading, size=13, weight=ft.FontWeight.W_600, key=f"record-group-{where}"))
            controls.append(_block(value, where, depth + 1))
    return controls


def _solo_words(value: Any) -> Any:
    """A record's "solo": null in a game with no solo opponent ("Nobody", not "—"), false in a Freunde game not
    played alone ("No"), else who it was against."""
    if value is None:
        # i18n: a finished game's solo opponent: there was none
        return _("Nobody")
    if value is False:
        return _("No")
    return {"max": "Max", "gerry": "Gerry"}.get(value, value) if isinstance(value, str) else value


def _item(value: Any, path: str, index: int, depth: int) -> ft.Control:
    """One entry of a list: a titled block for a player, a hand or an Ascent."""
    if not isinstance(value, dict):
        return ft.Text(value_text(value), size=13, key=f"record-row-{path}")
    found = _title_of(value, index)
    title_key, title = found if found is not None else (None, f"#{index + 1}")
    return ft.Container(
        key=f"record-item-{path}",
        padding=12,
        border_radius=ft.BorderRadius.all(12),
        bgcolor=ft.Colors.SURFACE_CONTAINER_LOW if depth == 1 else ft.Colors.SURFACE_CONTAINER,
        border=ft.Border.all(1, ft.Colors.OUTLINE_VARIANT) if depth == 1 else None,
        content=ft.Column(spacing=6, tight=True, horizontal_alignment=ft.CrossAxisAlignment.STRETCH, controls=[
            ft.Text(title, weight=ft.FontWeight.W_600, size=15 if depth == 1 else 14),
            *_fields(value, path, depth, skip=title_key),
        ]),
    )


_LONG_CELL = 16        # characters: a table cell longer than this is a text to give room to, not a number
_LONG_NAME = 10        # characters: a row's name longer than this does not fit the narrow names' column


def _table(rows: list[tuple[str, Any, str]], skip: str | None) -> ft.Control | None:
    """Records of the same few fields, one per player (a hand's seats, stars by player), as a small table:
    a column per field, a row per record; None when they do not have that shape."""
    if not rows or not all(_flat(record) for _, record, _ in rows):
        return None
    fields = [k for k in rows[0][1] if k != skip and k not in _HIDDEN]
    if not 1 <= len(fields) <= _TABLE_COLUMNS or any([k for k in r if k != skip and k not in _HIDDEN] != fields
                                                     for _, r, _ in rows):
        return None
    # The names' column gives up some room when there are three fields or more: a cell may hold a word. Beside
    # one or two fields, names of a few words (a 14ers Climb's "Mount Princeton") get more, rather than a word
    # a line cut short ("Mount Princet…"); beside more, the numbers' headings need that room.
    names = 2 if len(fields) >= 3 else 4 if any(len(name) > _LONG_NAME for name, _, _ in rows) else 3
    # A column of long texts (a hand's cards left: "Sunstone 4, Sunstone 9, Pine 10") takes the room the
    # numbers beside it do not need, rather than a word or two a line down a narrow strip.
    share = {k: 5 if any(len(value_text(record[k])) > _LONG_CELL for _, record, _ in rows) else 2 for k in fields}
    # To a screen reader each cell says whose it is and what it holds ("Ann, Fatigue: 12"); the headings and the
    # names, which those words say, are left out: read in a row, "Ann, Winner, 1" said nothing of what 1 was.
    header = ft.Semantics(exclude_semantics=True, content=ft.Row(spacing=8, controls=[
        ft.Container(expand=names),
        *(ft.Text(label_for(k), size=11, color=ft.Colors.ON_SURFACE_VARIANT, expand=share[k],
                  text_align=ft.TextAlign.RIGHT, max_lines=2) for k in fields),
    ]))
    lines: list[ft.Control] = [header]
    for name, record, where in rows:
        lines.append(ft.Row(key=f"record-row-{where}", spacing=8, controls=[
            ft.Semantics(exclude_semantics=True, expand=names, content=ft.Text(
                name, size=13, weight=ft.FontWeight.W_600, max_lines=2, overflow=ft.TextOverflow.ELLIPSIS)),
            # Smaller for words: a cell may hold one ("Osiągnięcia") in a fifth of a phone.
            *(ft.Semantics(
                label=_("{name}, {part}: {points}").format(name=name, part=label_for(k), points=value_text(record[k])),
                exclude_semantics=True, expand=share[k], content=ft.Text(
                    value_text(record[k]), size=11 if isinstance(record[k], (str, list)) else 13,
                    text_align=ft.TextAlign.RIGHT))
              for k in fields),
        ]))
    return ft.Column(lines, spacing=4, tight=True)


def _title_of(item: dict, index: int) -> tuple[str, str] | None:
    for key in _TITLE_KEYS:
        value = item.get(key)
        if isinstance(value, (str, int)) and not isinstance(value, bool) and str(value):
            return key, _(_NUMBERED[key]).format(number=value) if key in _NUMBERED else str(value)
    return None


def _compact(item: dict, path: str) -> ft.Control:
    parts = [f"{label_for(k)} {value_text(v)}" for k, v in item.items() if k not in _HIDDEN]
    return ft.Text(" · ".join(parts), size=13, key=f"record-row-{path}")


def _nested(controls: list[ft.Control]) -> ft.Control:
    """Indented under its heading with a thin rule on the left, so the nesting reads at a glance."""
    return ft.Container(
        padding=ft.Padding.only(left=10),
        border=ft.Border.only(left=ft.BorderSide(2, ft.Colors.OUTLINE_VARIANT)),
        content=ft.Column(controls, spacing=6, tight=True, horizontal_alignment=ft.CrossAxisAlignment.STRETCH),
    )


def _folded(title: str, content: ft.Control, *, key: str) -> ft.Control:
    return ft.Container(
        border_radius=ft.BorderRadius.all(16),
        bgcolor=ft.Colors.SURFACE_CONTAINER_LOW,
        border=ft.Border.all(1, ft.Colors.OUTLINE_VARIANT),
        clip_behavior=ft.ClipBehavior.ANTI_ALIAS,
        content=ft.ExpansionTile(
            key=key,
            title=ft.Text(title, weight=ft.FontWeight.W_600),
            controls=[ft.Container(padding=ft.Padding.only(left=12, right=12, bottom=12), content=content)],
            shape=ft.RoundedRectangleBorder(radius=16),
            collapsed_shape=ft.RoundedRectangleBorder(radius=16),
        ),
    )
