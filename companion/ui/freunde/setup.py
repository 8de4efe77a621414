"""Freunde's new-game screen (`/games/freunde`): 1-5 players from the roster, the board side, the weather.

One player is the solo game (2-player stacking limits, a risk token every turn, the game over at once when a
climber dies, a rank at the end). The summer side is the board as published; the winter side was read by eye
from a board image and is marked unverified. The weather season picks the tiles; the first two tiles can be
laid out here from the known summer presets, each day still editable, or entered at the table later.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any

import flet as ft

from companion.games.freunde import session as engine
from companion.games.freunde.data import CORRECTED, ZONES, board_title, load_data
from companion.games.freunde.rules import MAX_PLAYERS
from companion.i18n import _, ngettext, tr
from companion.ui.common.routing import left_the_roster, start_game
from companion.ui.common.services import Refused, update_unless_refused, use_app
from companion.ui.common.widgets import (
    bind,
    choice_tile,
    labelled,
    message_card,
    roster_needed,
    screen_view,
    seat_chip,
    section_title,
)
from companion.ui.freunde.editor import BoardEditor, board_changes
from companion.ui.freunde.parts import chip, weather_icon, zone_label
from companion.ui.freunde.weather import DayDraft, band_read, drafts_problem, preset_tiles, tile_name

__all__ = ["FreundeNewGame", "SetupDraft"]

GAME = engine.GAME_ID


@dataclass(frozen=True)
class SetupDraft:
    """The choices on the new-game screen."""

    seats: tuple[str, ...] = ()
    starter: str | None = None
    board: str = "summer"
    season: str = "summer"
    tiles: tuple[str | None, str | None] = (None, None)     # preset tile for days 1-3 and 4-6
    days: tuple[DayDraft, ...] = ()                          # the chosen tiles' days, editable
    extra_high: bool = False
    track_risk: bool = False
    face_up: tuple[int, int, int] = (0, 1, 1)
    winter_doc: dict[str, Any] | None = None                 # the winter board as corrected here, if it was


@ft.component
def FreundeNewGame() -> ft.View:
    """Route `/games/freunde`: players in seating order, board side, weather season and first tiles, start."""
    app = use_app()
    draft, set_draft = ft.use_state(SetupDraft())
    problem, set_problem = ft.use_state(None)
    editing, set_editing = ft.use_state(False)
    data = load_data()
    players = app.store.players.list()
    by_id = {p.id: p for p in players}
    chosen = [by_id[pid] for pid in draft.seats if pid in by_id]
    starter = draft.starter if draft.starter in draft.seats else (chosen[0].id if chosen else None)
    labels = data.stacking.labels

    # Changes of the latest draft: two taps faster than the screen is redrawn (two seats, two zones) both hold.
    def update(changed: Callable[[SetupDraft], SetupDraft]) -> None:
        set_problem(None)
        set_draft(changed)

    def change(**fields) -> None:
        update(lambda d: replace(d, **fields))

    def toggle(player_id: str) -> None:
        def toggled(d: SetupDraft) -> SetupDraft | Refused:
            if player_id in d.seats:
                return replace(d, seats=tuple(p for p in d.seats if p != player_id))
            if len(d.seats) >= MAX_PLAYERS:
                return Refused(_("Freunde is for 1 to {most} players.").format(most=MAX_PLAYERS))
            return replace(d, seats=d.seats + (player_id,))

        set_problem(update_unless_refused(set_draft, toggled))

    def season(value: str) -> None:
        # Presets belong to a season: switching drops the tiles chosen for the other one.
        change(season=value, tiles=(None, None), days=())

    def pick_tile(slot: int, tile_id: str | None) -> None:
        def picked(d: SetupDraft) -> SetupDraft:
            tiles = list(d.tiles)
            tiles[slot] = tile_id
            if slot == 0 and (tile_id is None or tile_id == tiles[1]):
                tiles[1] = None      # days 4-6 cannot be known while days 1-3 are not, nor be the same tile
            presets = dict(preset_tiles(d.season))
            days: list[DayDraft] = []
            for tile in tiles:
                if tile is None:
                    break
                days.extend(DayDraft.from_preset(day) for day in presets[tile])
            return replace(d, tiles=(tiles[0], tiles[1]), days=tuple(days))

        update(picked)

    def toggle_zone(index: int, zone: int) -> None:
        def toggled(d: SetupDraft) -> SetupDraft:
            if index >= len(d.days):
                return d
            day = d.days[index]
            zones = day.zones - {zone} if zone in day.zones else day.zones | {zone}
            return replace(d, days=d.days[:index] + (replace(day, zones=frozenset(zones), read=None),)
                           + d.days[index + 1:])

        update(toggled)

    def set_face_up(slot: int, value: int) -> None:
        def chosen(d: SetupDraft) -> SetupDraft:
            face = list(d.face_up)
            face[slot] = value
            return replace(d, face_up=(face[0], face[1], face[2]))

        update(chosen)

    def save_board(doc: dict[str, Any]) -> None:
        winter = data.boards["winter"]
        if board_changes(winter, doc):
            doc = {**doc, "title": winter.title + CORRECTED,
                   "source": winter.source + " Corrected by the players against their board before this game."}
            change(winter_doc=doc, board="winter")
        else:
            change(winter_doc=None, board="winter")
        set_editing(False)

    if editing:
        winter = data.boards["winter"]
        return BoardEditor(board_doc=draft.winter_doc or winter.to_doc(), original=winter, on_save=save_board,
                           on_cancel=lambda: set_editing(False))

    def start() -> None:
        kept, gone = left_the_roster(app, draft.seats)
        if gone:
            set_draft(replace(draft, seats=kept))
            set_problem(gone)
            return
        reason = drafts_problem(range(1, len(draft.days) + 1), draft.days)
        if reason:
            set_problem(reason)
            return
        setup = {
            "players": [{"id": p.id, "name": p.name} for p in chosen],
            "board": draft.winter_doc if draft.board == "winter" and draft.winter_doc else draft.board,
            "weather_season": draft.season,
            "start_player": [p.id for p in chosen].index(starter) if starter else 0,
            "extra_high_climber": draft.extra_high and len(chosen) == data.stacking.extra_players,
            "weather": [day.to_doc() for day in draft.days],
        }
        if draft.track_risk:
            setup["risk_face_up"] = sorted(draft.face_up)
        setup = engine.stamped(setup)
        start_game(app, GAME, lambda: (setup, [p.id for p in chosen], engine.title(engine.start(setup))),
                   set_problem)

    if not players:
        return screen_view(_("New Freunde game"), roster_needed(
            "fr", _("Freunde is for 1 to {most} players from your roster. Add them first.").format(most=MAX_PLAYERS)))

    body: list[ft.Control] = [
        # i18n: the players chosen so far: "Players · 2 of 1–5"
        section_title(_("Players · {n} of 1–{most}").format(n=len(chosen), most=MAX_PLAYERS), key="fr-new-count"),
        ft.Text(_("Tap players in seating order. Each plays two climbers, A (smooth) and B (squiggly)."), size=13,
                color=ft.Colors.ON_SURFACE_VARIANT),
        ft.Row(wrap=True, spacing=8, run_spacing=8, controls=[
            seat_chip(f"fr-new-seat-{p.id}", p.name, p.colour, p.id in draft.seats, bind(toggle, p.id),
                      # i18n: beside a player chosen: their place at the table
                      mark=_("seat {n}").format(n=draft.seats.index(p.id) + 1) if p.id in draft.seats else None)
            for p in players
        ]),
    ]
    if len(chosen) == 1:
        body.append(message_card(
            ft.Icons.PERSON_ROUNDED, _("Solo game"),
            _("2-player stacking limits, a risk token every turn whatever you play, and the game ends at once "
              "when a climber dies. Your score earns a rank at the end."), key="fr-new-solo"))
    if len(chosen) > 1:
        body.append(section_title(_("Who starts?")))
        body.append(ft.Row(wrap=True, spacing=8, run_spacing=8, controls=[
            seat_chip(f"fr-new-starter-{p.id}", p.name, p.colour, p.id == starter, _setter(change, "starter", p.id),
                      one_of=True)
            for p in chosen
        ]))
    if len(chosen) == data.stacking.extra_players:
        body.append(chip("fr-new-extra", _("Extra climber above 7000 m (by agreement)"), draft.extra_high,
                         _setter(change, "extra_high", not draft.extra_high), icon=ft.Icons.GROUP_ADD_ROUNDED,
                         fill=True))

    body.append(section_title(_("Board side")))
    for board_id in ("summer", "winter"):
        board = data.boards[board_id]
        text = (_("The easier route, as published.") if board.verified else
                # Its tag says "Unverified": the words say why, not that again.
                _("The harder route, read by eye from a board image: check its spaces and links against your "
                  "board."))
        body.append(choice_tile(f"fr-new-board-{board_id}", tr(board_title(board.id, board.title)), text,
                                draft.board == board_id, _setter(change, "board", board_id),
                                tag=None if board.verified else _("Unverified")))
    if draft.board == "winter":
        changes = board_changes(data.boards["winter"], draft.winter_doc) if draft.winter_doc else 0
        body.append(ft.Row(spacing=8, controls=[
            ft.Text(ngettext("Corrected here: {n} change.", "Corrected here: {n} changes.", changes).format(n=changes)
                    if changes else _("Check it against your board before you start."), key="fr-new-board-changes",
                    size=13, expand=True, color=ft.Colors.ON_SURFACE_VARIANT),
            labelled("fr-new-board-edit", ft.OutlinedButton(
                _("Check and correct"), key="fr-new-board-edit", icon=ft.Icons.EDIT_ROUNDED,
                on_click=lambda: set_editing(True))),
        ]))

    body.append(section_title(_("Weather")))
    body.append(ft.Row(spacing=8, controls=[
        chip(f"fr-new-season-{value}", _("Summer tiles") if value == "summer" else _("Winter tiles"),
             draft.season == value, bind(season, value),
             icon=ft.Icons.WB_SUNNY_ROUNDED if value == "summer" else ft.Icons.AC_UNIT_ROUNDED, expand=True)
        for value in ("summer", "winter")
    ]))
    presets = preset_tiles(draft.season)
    if presets:
        body.append(ft.Text(_("Lay out the first two tiles now from the known summer tiles, or enter each day "
                              "at the table as it is revealed. Their altitude bands were read from a poor image: "
                              "check them against your tiles."), size=13, color=ft.Colors.ON_SURFACE_VARIANT))
        for slot in (0, 1):
            allowed = slot == 0 or draft.tiles[0] is not None
            days_words = _("Days {first}–{last}").format(first=slot * 3 + 1, last=slot * 3 + 3)
            body.append(ft.Text(days_words, weight=ft.FontWeight.W_600, size=13))
            # Each choice said with its days: the two rows' choices are the same words ("Tile 1" twice).
            body.append(ft.Row(wrap=True, spacing=6, run_spacing=6, controls=[
                # i18n: a tile's days are entered at the table as they are revealed, not laid out now
                chip(f"fr-new-tile-{slot + 1}-none", _("At the table"), draft.tiles[slot] is None,
                     bind(pick_tile, slot, None), height=40, disabled=not allowed,
                     # i18n: a choice said with the days it is for: "Days 1–3, Tile 1", "Day 2, Snow"
                     spoken=_("{day}, {choice}").format(day=days_words, choice=_("At the table"))),
                *[chip(f"fr-new-tile-{slot + 1}-{tile_id}", tile_name(tile_id),
                       draft.tiles[slot] == tile_id, bind(pick_tile, slot, tile_id), height=40,
                       # A tile is laid once: days 4-6 cannot be the tile of days 1-3.
                       disabled=not allowed or (slot == 1 and draft.tiles[0] == tile_id),
                       icon=weather_icon(_worst(days)),
                       spoken=_("{day}, {choice}").format(day=days_words, choice=tile_name(tile_id)))
                  for tile_id, days in presets],
            ]))
        if draft.days:
            body.append(_days_summary(draft.days, labels, toggle_zone))
    else:
        body.append(ft.Text(_("No winter tile is known: enter each day's weather at the table as it is revealed "
                              "(acclimatization loss and/or movement surcharge, and the zones it covers)."),
                            size=13, color=ft.Colors.ON_SURFACE_VARIANT))

    body.append(section_title(_("Risk tokens")))
    body.append(chip("fr-new-track-risk", _("Track the three face-up tokens"), draft.track_risk,
                     _setter(change, "track_risk", not draft.track_risk), icon=ft.Icons.VISIBILITY_ROUNDED,
                     fill=True))
    if draft.track_risk:
        body.append(ft.Text(_("The values turned face up at the start; each turn you also enter the one turned up "
                              "to replace the token taken."), size=13, color=ft.Colors.ON_SURFACE_VARIANT))
        values = sorted(data.risk.counts)
        for slot in range(3):
            body.append(ft.Row(spacing=6, controls=[
                ft.Text(_("Token {n}").format(n=slot + 1), width=70, size=13),
                *[chip(f"fr-new-face-{slot + 1}-{v}", str(v), draft.face_up[slot] == v, bind(set_face_up, slot, v),
                       height=40) for v in values],
            ]))
    else:
        body.append(ft.Text(_("Otherwise the taker picks any value left in the supply (four 0, eleven 1, five 2)."),
                            size=13, color=ft.Colors.ON_SURFACE_VARIANT))

    if problem:
        body.append(message_card(ft.Icons.ERROR_OUTLINE_ROUNDED, _("The game was not started"), problem,
                                 key="fr-new-problem", tone="warning"))
    ready = bool(chosen)
    body.append(labelled("fr-new-start", ft.FilledButton(
        (_("Start the solo climb") if len(chosen) == 1 else _("Start the climb")) if ready else _("Choose the players"),
        key="fr-new-start", icon=ft.Icons.HIKING_ROUNDED, disabled=not ready, on_click=start,
        style=ft.ButtonStyle(padding=ft.Padding.symmetric(horizontal=20, vertical=18)))))
    return screen_view(_("New Freunde game"), body)


def _worst(days) -> str:
    """The symbol a tile is known by: its worst day."""
    return max(days, key=lambda d: (d.accl + d.move, d.symbol)).symbol


def _zone_chip(labels, zone: int) -> str:
    """A zone as printed beside the stacking diagrams, or its number when the data has no label."""
    return zone_label(labels, zone) if zone in labels else str(zone)


def _setter(change: Callable[..., None], field: str, value) -> Callable[[], None]:
    return lambda: change(**{field: value})


def _days_summary(days: tuple[DayDraft, ...], labels, toggle_zone: Callable[[int, int], None]) -> ft.Control:
    """The chosen tiles' days, with the band each was read as; a day whose band could not be read asks for it."""
    rows: list[ft.Control] = []
    for index, day in enumerate(days):
        number = index + 1
        if day.calm:
            words = _("no effect")
        else:
            if day.accl and day.move:
                effects = _("−{accl} acclimatization and +{move} movement").format(accl=day.accl, move=day.move)
            elif day.accl:
                effects = _("−{accl} acclimatization").format(accl=day.accl)
            else:
                effects = _("+{move} movement").format(move=day.move)
            if day.read and day.zones:
                # i18n: how a preset tile's altitude band was read off a poor image ("from about 7000 m?")
                words = _("{effects}, read as {read}").format(effects=effects, read=band_read(day.read))
            else:
                zones = ", ".join(_zone_chip(labels, z) for z in sorted(day.zones))
                words = (f"{effects}, {zones}" if zones else
                         _("{effects}, zones not readable: choose them").format(effects=effects))
        rows.append(ft.Row(spacing=10, controls=[
            ft.Icon(weather_icon(day.label), size=18),
            ft.Text(_("Day {day}").format(day=number), width=52, size=13, weight=ft.FontWeight.W_600),
            ft.Text(words, key=f"fr-new-day-{number}", size=13, expand=True),
        ]))
        if not day.calm and (not day.zones or day.read is None):
            rows.append(ft.Row(wrap=True, spacing=6, run_spacing=6, controls=[
                chip(f"fr-new-day-{number}-zone-{zone}", _zone_chip(labels, zone), zone in day.zones,
                     bind(toggle_zone, index, zone), height=40)
                for zone in ZONES
            ]))
    rows.append(ft.Text(_("Any day can be corrected later on the Weather tab until it is played."), size=12,
                        color=ft.Colors.ON_SURFACE_VARIANT))
    return ft.Container(padding=12, border_radius=ft.BorderRadius.all(14), bgcolor=ft.Colors.SURFACE_CONTAINER_LOW,
                        content=ft.Column(rows, spacing=6, tight=True))
