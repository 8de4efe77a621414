"""Freunde's weather on screen: the forecast strip, the 18 days tile by tile, and the editor for a tile's days.

The weather tiles' altitude bands are not reliably known, so the app never assumes one: each day is entered as
its tile is revealed (no effect, or an acclimatization loss and/or a movement surcharge for the zones it
covers). The known summer tiles are offered as presets that fill the editor, every value still editable,
with the band as it was read from the tile ("from about 7000 m?") shown beside it. A tile's days are saved
as one action, so undo takes the whole tile back.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

import flet as ft

from companion.errors import CompanionError
from companion.games.freunde import rules
from companion.games.freunde.data import ZONES, PresetDay, Zone, load_data
from companion.games.freunde.rules import TILE_DAYS, TURNS, State, Weather, forecast, weather_name
from companion.i18n import N_, _, tr
from companion.ui.freunde.parts import (chip, unbroken_metres, weather_icon, weather_label, weather_words,
                                        zone_label)
from companion.ui.common.widgets import bind, labelled, labelled_value

__all__ = [
    "DayDraft", "LABELS", "tile_days", "editable_days", "drafts_for", "asked_weather", "days_to_save",
    "drafts_problem", "ready_days", "drafts_docs",
    "preset_tiles", "tiles_laid", "forecast_strip", "tile_editor", "tile_card", "tile_name",
]

LABELS = ("sun", "cloud", "snow", "storm")
# How the presets' altitude bands were read off the tile image (data/freunde/weather_tiles.json, "zones_read"),
# shown beside a preset's day; marked here for the catalogs.
# i18n: how a weather tile's altitude band was read off a poor image of the tile
_BANDS_READ = (N_("from about 6000 m?"), N_("from about 7000 m?"), N_("from 6000 m?"), N_("from 7000 m?"),
               N_("8000 m and above?"), N_("band unreadable: enter it"), N_("no effect"))


@dataclass(frozen=True)
class DayDraft:
    """One day's weather being entered: its symbol, acclimatization lost, movement surcharge, zones covered."""

    label: str = "sun"
    accl: int = 0
    move: int = 0
    zones: frozenset[Zone] = frozenset()
    read: str | None = None            # how a preset's band was read off the tile, shown as a caution
    entered: bool = True               # False: a day not entered yet, shown as sun until a choice is made

    @classmethod
    def from_weather(cls, weather: Weather) -> DayDraft:
        """The editor's draft of a day already entered."""
        return cls(weather.label, weather.accl, weather.move, weather.zones)

    @classmethod
    def from_preset(cls, day: PresetDay) -> DayDraft:
        """A preset tile's day; an unreadable band is left empty for the players to choose."""
        return cls(day.symbol, day.accl, day.move, day.zones or frozenset(), day.zones_read)

    @property
    def calm(self) -> bool:
        """No effect at all."""
        return not (self.accl or self.move)

    def to_doc(self) -> dict[str, Any]:
        """The day as the engine's weather document."""
        if self.calm:
            return {"label": self.label, "accl": 0, "move": 0, "zones": []}
        return {"label": self.label, "accl": self.accl, "move": self.move, "zones": sorted(self.zones)}


def band_read(read: str) -> str:
    """How a preset's band was read ("from about 6000 m?"), in the player's language, its altitude never broken
    from its unit ("od ok. 6000" over "m?" on a phone)."""
    return unbroken_metres(str(tr(read)))


def tile_days(day: int) -> tuple[int, ...]:
    """The three days of the tile a day belongs to (days 1-3, 4-6, ... 16-18)."""
    first = (day - 1) // TILE_DAYS * TILE_DAYS + 1
    return tuple(range(first, min(TURNS, first + TILE_DAYS - 1) + 1))


def editable_days(state: State, days: Sequence[int]) -> tuple[int, ...]:
    """The days that can still be entered or changed: ahead of today, and today before a climber acts."""
    return tuple(d for d in days if d > state.turn or (d == state.turn and not state.weather_locked))


def drafts_for(state: State, days: Sequence[int], asked: Mapping[int, Weather] | None = None
               ) -> tuple[DayDraft, ...]:
    """Drafts of the days as entered so far (a day not entered shows sun, marked as not entered). `asked`: the
    days of a weather entry a correction asks for again (`asked_weather`), shown as they were entered there,
    to be changed where they were wrong."""
    def draft(day: int) -> DayDraft:
        # The entry asked for wins over what the game held before it: days ahead entered once and then again,
        # the second entry is the one being corrected.
        weather = asked[day] if asked and day in asked else state.weather[day - 1]
        return DayDraft.from_weather(weather) if weather is not None else DayDraft(entered=False)
    return tuple(draft(d) for d in days)


def asked_weather(state: State, entry: Mapping[str, Any] | None) -> dict[int, Weather]:
    """The days (and their weather) of the entry a correction asks for again when it is a weather entry; none
    otherwise. No winter tile is known to the app: the days can only come from that entry."""
    if not entry or entry.get("type") != "weather":
        return {}
    try:
        action = rules.action_from_doc(state, dict(entry))
    except CompanionError:
        return {}                   # an entry the engine no longer reads is entered afresh
    if not isinstance(action, rules.SetWeather):
        return {}
    return {action.day + n: weather for n, weather in enumerate((action.weather, *action.later))}


def days_to_save(days: Sequence[int], drafts: Sequence[DayDraft], *, first_needed: bool
                 ) -> tuple[tuple[int, ...], tuple[DayDraft, ...]] | str:
    """The days a save writes: from the first to the last one entered (the first always when `first_needed`:
    today's weather, which the player accepts as shown by saving). A day left untouched is never written as
    sun: it stays to be entered when its turn comes. A gap, a day untouched between two entered ones, is
    refused in words, as is a save with nothing entered."""
    marked = [draft.entered or (first_needed and n == 0) for n, draft in enumerate(drafts)]
    if not any(marked):
        return _("Nothing is entered yet: choose a day's weather first.")
    last = max(n for n, on in enumerate(marked) if on)
    for n in range(last):
        if not marked[n]:
            return _("Day {day} is not entered: choose its weather too, or leave the days after it for "
                     "later.").format(day=days[n])
    return tuple(days[:last + 1]), tuple(drafts[:last + 1])


def drafts_problem(days: Sequence[int], drafts: Sequence[DayDraft]) -> str | None:
    """Why the drafts cannot be saved yet: a day with an effect needs the zones it covers."""
    for day, draft in zip(days, drafts):
        if not draft.calm and not draft.zones:
            return _("Day {day}: choose the altitude zones the {weather} covers (the tile shows them).").format(
                day=day, weather=tr(weather_name(draft.label)))
    return None


def ready_days(days: Sequence[int], drafts: Sequence[DayDraft], saved: Collection[int] = ()
               ) -> tuple[tuple[int, ...], tuple[DayDraft, ...], int | None] | str:
    """What a save of these days (`days_to_save`) writes now: every day when each one with an effect has its
    zones. A tile's last day from a preset whose band could not be read off the tile, not saved before, does
    not hold up the days before it: they are written, and that day (returned) is left to be entered when it
    comes. Any other day without its zones refuses the save, in words (`drafts_problem`): a day chosen by
    hand, or one saved before, would be dropped or left as it was, unsaid."""
    for n, draft in enumerate(drafts):
        if not draft.calm and not draft.zones:
            if 0 < n == len(drafts) - 1 and draft.read is not None and days[n] not in saved:
                return tuple(days[:n]), tuple(drafts[:n]), days[n]
            return drafts_problem(days[n:n + 1], drafts[n:n + 1]) or ""
    return tuple(days), tuple(drafts), None


def drafts_docs(drafts: Sequence[DayDraft]) -> list[dict[str, Any]]:
    """The drafts as weather documents, in day order."""
    return [draft.to_doc() for draft in drafts]


def preset_tiles(season: str) -> list[tuple[str, tuple[PresetDay, ...]]]:
    """The known tiles of a season, offered as presets (the summer tiles; no winter tile is known)."""
    tiles = load_data().weather.tiles
    return [(tile_id, days) for tile_id, (tile_season, days) in tiles.items() if tile_season == season]


def tiles_laid(weather: Sequence[Weather | None], season: str, *, besides: Sequence[int] = ()) -> dict[str, int]:
    """The known tiles already on the table, by the first day of their slot: a slot (days 1-3, 4-6, ...) whose
    three days are entered as a known tile shows them (symbols and losses; the bands, read off a poor image, may
    have been corrected). The slot of the days `besides` (being edited) is not counted. Each tile is laid once
    in a game (six tiles for 18 days), so these are not offered again."""
    laid: dict[str, int] = {}
    for start in range(1, TURNS + 1, TILE_DAYS):
        slot = range(start, start + TILE_DAYS)
        if any(day in slot for day in besides):
            continue
        entered = [weather[day - 1] if day - 1 < len(weather) else None for day in slot]
        if any(day is None for day in entered):
            continue
        for tile_id, days in preset_tiles(season):
            if all((w.label, w.accl, w.move) == (p.symbol, p.accl, p.move) for w, p in zip(entered, days)):
                laid.setdefault(tile_id, start)
    return laid


def tile_name(tile_id: str) -> str:
    """A known tile by its number: 'summer-3' is "Tile 3"."""
    if tile_id.startswith("summer-"):
        # i18n: a known weather tile, by its number
        return _("Tile {n}").format(n=tile_id.removeprefix("summer-"))
    return tile_id


def forecast_strip(state: State, on_day: Callable[[int], None] | None, *, key: str = "fr-forecast") -> ft.Control:
    """Today and the days ahead on the two tiles in view; a day not entered says so. Tap a day to enter it."""
    labels = state.stacking.labels
    items: list[ft.Control] = []
    for day in forecast(state):
        weather = day.weather
        node = ft.Semantics(
            identifier=f"{key}-{day.day}",
            button=on_day is not None,
            label=(_("Day {day} (today): {weather}") if day.today else _("Day {day}: {weather}")).format(
                day=day.day, weather=weather_words(weather, labels)),
            content=ft.Container(
                key=f"{key}-{day.day}",
                width=96,   # "Aujourd'hui", "Dzisiaj" on one line
                padding=ft.Padding.symmetric(horizontal=8, vertical=8),
                border_radius=ft.BorderRadius.all(14),
                bgcolor=ft.Colors.PRIMARY_CONTAINER if day.today else ft.Colors.SURFACE_CONTAINER_LOW,
                border=ft.Border.all(2 if day.today else 1,
                                     ft.Colors.PRIMARY if day.today else ft.Colors.OUTLINE_VARIANT),
                ink=on_day is not None,
                on_click=bind(on_day, day.day) if on_day is not None else None,
                # Its words are the label's: not said again after it.
                content=ft.Semantics(exclude_semantics=True, content=ft.Column(
                    spacing=2, tight=True, horizontal_alignment=ft.CrossAxisAlignment.CENTER, controls=[
                        ft.Text(_("Today") if day.today else _("Day {day}").format(day=day.day), size=12,
                                weight=ft.FontWeight.W_600),
                        ft.Icon(weather_icon(weather.label) if weather else ft.Icons.HELP_OUTLINE_ROUNDED, size=22,
                                color=_weather_colour(weather)),
                        ft.Text(_short(weather), key=f"{key}-{day.day}-text", size=11,
                                text_align=ft.TextAlign.CENTER, max_lines=2, color=ft.Colors.ON_SURFACE_VARIANT),
                    ])),
            ),
        )
        items.append(ft.MergeSemantics(content=node) if on_day is not None else node)    # one node with its tap
    return ft.Row(items, key=key, spacing=6, scroll=ft.ScrollMode.AUTO)


def tile_card(state: State, tile: int, laid: Mapping[str, int], *, on_edit: Callable[[int], None] | None,
              key_prefix: str = "fr-tile") -> ft.Control:
    """A tile of three days as entered: each day's weather in words; an Enter/Edit button while it can change.
    `laid`: the known tiles on the table by their first day (`tiles_laid`), to name the one entered here."""
    first = tile * TILE_DAYS + 1
    days = tuple(range(first, first + TILE_DAYS))
    labels = state.stacking.labels
    editable = editable_days(state, days)
    rows: list[ft.Control] = []
    for day in days:
        weather = state.weather[day - 1]
        today = day == state.turn and not state.over
        rows.append(ft.Row(spacing=10, controls=[
            ft.Icon(weather_icon(weather.label) if weather else ft.Icons.HELP_OUTLINE_ROUNDED, size=20,
                    color=_weather_colour(weather)),
            ft.Text(_("Day {day} · today").format(day=day) if today else _("Day {day}").format(day=day),
                    width=96 if today else 52, size=13,
                    weight=ft.FontWeight.W_600 if today else ft.FontWeight.W_500),
            ft.Text(weather_words(weather, labels), key=f"{key_prefix}-day-{day}", size=13, expand=True,
                    color=ft.Colors.ON_SURFACE if weather else ft.Colors.ON_SURFACE_VARIANT),
        ]))
    entered = all(state.weather[d - 1] is not None for d in days)
    # The days first: "Tile 3" for the third slot read as the known tile 3 when tile 4 was laid there.
    title = _("Days {first}–{last}").format(first=first, last=first + TILE_DAYS - 1)
    known = next((tile_id for tile_id, start in laid.items() if start == first), None)
    if known is not None:
        # i18n: a weather card's heading: its days, then the known tile entered for them ("Days 7-9 · Tile 4")
        title = _("{days} · {tile}").format(days=title, tile=tile_name(known))
    header = [ft.Text(title, key=f"{key_prefix}-{tile + 1}-title", weight=ft.FontWeight.W_600, expand=True)]
    if on_edit is not None and editable:
        # Said with the days it is for ("Enter the weather of days 4–6"): six buttons were each "Enter".
        header.append(labelled(f"{key_prefix}-{tile + 1}-edit", ft.TextButton(
            # i18n: the button that enters a tile's weather, or changes it once entered
            _("Edit") if entered else _("Enter"), key=f"{key_prefix}-{tile + 1}-edit",
            icon=ft.Icons.EDIT_ROUNDED if entered else ft.Icons.ADD_ROUNDED, on_click=bind(on_edit, editable[0])),
            # i18n: said by a screen reader for a weather card's button: "Enter the weather of days 4–6"
            label=(_("Edit the weather of days {first}–{last}") if entered
                   else _("Enter the weather of days {first}–{last}")).format(first=first,
                                                                             last=first + TILE_DAYS - 1)))
    past = all(d < state.turn for d in days) or state.over
    return ft.Container(
        key=f"{key_prefix}-{tile + 1}",
        padding=ft.Padding.only(left=14, right=6, top=6, bottom=10),
        border_radius=ft.BorderRadius.all(16),
        bgcolor=ft.Colors.SURFACE_CONTAINER_LOW,
        border=ft.Border.all(1, ft.Colors.OUTLINE_VARIANT),
        opacity=0.6 if past else 1.0,
        content=ft.Column(spacing=4, tight=True, controls=[ft.Row(header), *rows]),
    )


def tile_editor(
    *,
    prefix: str,
    days: Sequence[int],
    drafts: Sequence[DayDraft],
    on_change: Callable[[Callable[[tuple[DayDraft, ...]], tuple[DayDraft, ...]]], None],
    season: str,
    labels,
    laid: Mapping[str, int] | None = None,
    first_as_shown: bool = False,
) -> ft.Control:
    """Enter a tile's days: a known tile as a preset, then each day's symbol, losses and zones, all editable.
    `on_change` is given a change of the days (a function of the latest ones, which gives the new ones).
    `laid`: known tiles already on the table for other days (`tiles_laid`), shown but not offered again.
    `first_as_shown`: the first day (today's, still to enter) is saved as it shows, sun unless changed; any
    other day not entered shows no weather chosen, since a save leaves it for later (`days_to_save`)."""
    drafts = tuple(drafts)
    days = tuple(days)

    # `on_change` is given a change of the latest days (a function of them): a zone tapped just before another,
    # not yet drawn, stays chosen.
    def set_day(index: int, change: Callable[[DayDraft], DayDraft]) -> None:
        on_change(lambda latest: latest[:index] + (replace(change(latest[index]), entered=True),)
                  + latest[index + 1:])

    def use_preset(tile_days_: tuple[PresetDay, ...]) -> None:
        # The tile's days line up with the tile's slot; days already in play are not offered.
        offset = (days[0] - 1) % TILE_DAYS
        on_change(lambda _latest: tuple(DayDraft.from_preset(tile_days_[offset + i]) for i in range(len(days))))

    controls: list[ft.Control] = []
    presets = preset_tiles(season)
    if presets:
        controls.append(ft.Text(_("Known tiles (bands read from a poor image: check them against your tile)"),
                                size=12, color=ft.Colors.ON_SURFACE_VARIANT))
        laid = laid or {}
        controls.append(ft.Row(wrap=True, spacing=6, run_spacing=6, controls=[
            chip(f"{prefix}-preset-{tile_id}", tile_name(tile_id), False,
                 bind(use_preset, tile_days_), icon=weather_icon(_worst(tile_days_)), height=40,
                 disabled=tile_id in laid)
            for tile_id, tile_days_ in presets
        ]))
        if laid:
            # i18n: under the known tiles: those already laid out for other days, which a game uses once each
            controls.append(ft.Text(_("Already laid out: {tiles}.").format(tiles=", ".join(
                _("{tile} (days {first}–{last})").format(tile=tile_name(tile_id), first=start,
                                                          last=start + TILE_DAYS - 1)
                for tile_id, start in sorted(laid.items(), key=lambda item: item[1]))),
                key=f"{prefix}-laid", size=12, color=ft.Colors.ON_SURFACE_VARIANT))
    else:
        controls.append(ft.Text(_("No summer tile is known: enter each day as the tile shows it.") if season == "summer"
                                else _("No winter tile is known: enter each day as the tile shows it."), size=12,
                                color=ft.Colors.ON_SURFACE_VARIANT))
    for index, (day, draft) in enumerate(zip(days, drafts)):
        controls.append(_day_editor(prefix, day, draft, lambda d, i=index: set_day(i, d), labels,
                                    chosen=draft.entered or (first_as_shown and index == 0)))
    return ft.Column(controls, spacing=10, tight=True, key=f"{prefix}-editor",
                     horizontal_alignment=ft.CrossAxisAlignment.STRETCH)


def _day_editor(prefix: str, day: int, draft: DayDraft, set_draft: Callable[[Callable[[DayDraft], DayDraft]], None],
                labels, *, chosen: bool = True) -> ft.Control:
    """One day's weather; `chosen` False for a day not entered, which shows no symbol chosen: a sun shown
    there was taken for entered, and left out of the save."""
    key = f"{prefix}-day-{day}"

    # Each a change of the day as it is latest (`set_draft`).
    def label(value: str) -> None:
        def chosen_label(d: DayDraft) -> DayDraft:
            if value == "sun":
                return DayDraft("sun")
            if value == d.label:
                return d
            # Chosen by hand: no longer the preset's day, nor its reading of the band ("read as: no effect").
            return replace(d, label=value, accl=d.accl or (2 if value == "snow" else 1), read=None)

        set_draft(chosen_label)

    def toggle_zone(zone: Zone) -> None:
        set_draft(lambda d: replace(d, zones=frozenset(d.zones - {zone} if zone in d.zones else d.zones | {zone}),
                                    read=None))

    # Each choice is said with its day ("Day 2, Snow"): the three days' choices are the same words, and a screen
    # reader going from one to the next heard "Snow" three times with nothing to say which day it set.
    day_words = _("Day {day}").format(day=day)
    rows: list[ft.Control] = [
        ft.Text(day_words, weight=ft.FontWeight.W_600),
        *([] if chosen else [ft.Text(_("Not entered yet: choose its weather, or leave it for later."),
                                     key=f"{key}-unset", size=12, color=ft.Colors.ON_SURFACE_VARIANT)]),
        # Two by two: four in one row leave a phone about 30 px for each word, which then breaks mid-word.
        *[ft.Row(spacing=6, controls=[
            chip(f"{key}-label-{value}", weather_label(value), chosen and draft.label == value, bind(label, value),
                 icon=weather_icon(value), height=40, expand=True, compact=True,
                 spoken=_("{day}, {choice}").format(day=day_words, choice=weather_label(value)))
            for value in pair
        ]) for pair in (LABELS[:2], LABELS[2:])],
    ]
    if draft.label != "sun":
        rows.append(_number_row(f"{key}-accl", _("Acclimatization lost"), draft.accl, 3,
                                lambda v: set_draft(lambda d: replace(d, accl=v)), "−", day_words))
        rows.append(_number_row(f"{key}-move", _("Extra movement per space"), draft.move, 2,
                                lambda v: set_draft(lambda d: replace(d, move=v)), "+", day_words))
        if not draft.zones:
            # A day with an effect needs its zones: said in the day itself as soon as it is chosen (a preset whose
            # band was unreadable looks complete), not only as the refusal beside Save.
            caption = (_("Choose the zones it covers: none is chosen yet (read as: {read})").format(
                read=band_read(draft.read)) if draft.read else _("Choose the zones it covers: none is chosen yet"))
        elif draft.read:
            caption = _("Zones it covers (read as: {read})").format(read=band_read(draft.read))
        else:
            caption = _("Zones it covers")
        rows.append(ft.Text(caption, key=f"{key}-zones", size=12,
                            color=ft.Colors.ERROR if not draft.zones else ft.Colors.ON_SURFACE_VARIANT))
        rows.append(ft.Row(wrap=True, spacing=6, run_spacing=6, controls=[
            chip(f"{key}-zone-{zone}", zone_label(labels, zone), zone in draft.zones, bind(toggle_zone, zone),
                 height=40, spoken=_("{day}, {choice}").format(day=day_words, choice=zone_label(labels, zone)))
            for zone in ZONES
        ]))
    return ft.Container(
        key=key,
        padding=12,
        border_radius=ft.BorderRadius.all(14),
        border=ft.Border.all(1, ft.Colors.OUTLINE_VARIANT),
        content=ft.Column(rows, spacing=8, tight=True, horizontal_alignment=ft.CrossAxisAlignment.STRETCH),
    )


def _number_row(key: str, label: str, value: int, high: int, on_pick: Callable[[int], None], sign: str,
                day_words: str) -> ft.Control:
    # The label above its choices: beside them a phone leaves it too little room, and a long word
    # ("Akklimatisierungsverlust") would break in the middle.
    return ft.Column(spacing=4, tight=True, controls=[
        ft.Text(label, size=13),
        # Each choice named with its day and row ("Day 2, Acclimatization lost: −1"): a screen reader going from
        # one to the next heard "0" twice, and nothing said which row (or day) it was in.
        ft.Row(spacing=6, controls=[
            chip(f"{key}-{n}", f"{sign}{n}" if n else "0", value == n, bind(on_pick, n), height=40, compact=True,
                 # i18n: a weather choice said with its day: "Day 2, Acclimatization lost: −1"
                 width=46, spoken=_("{day}, {choice}").format(
                     day=day_words, choice=labelled_value(label, f"{sign}{n}" if n else "0")))
            for n in range(high + 1)]),
    ])


def _short(weather: Weather | None) -> str:
    """A day in a few characters for the strip: 'no effect', '−2 ≥7k', '−1 +1 move 6k,7k'."""
    if weather is None:
        # i18n: a day of the forecast strip whose weather is not entered yet (a few characters)
        return _("not entered")
    if weather.calm:
        return _("no effect")
    parts = []
    if weather.accl:
        parts.append(f"−{weather.accl}")
    if weather.move:
        # i18n: a movement surcharge in the forecast strip, in a few characters ("+1 move")
        parts.append(_("+{n} move").format(n=weather.move))
    zones = sorted(weather.zones)
    if zones[-1] == 8000 and len(zones) == (8000 - zones[0]) // 1000 + 1:
        where = f"≥{zones[0] // 1000}k"
    else:
        where = ",".join(f"{z // 1000}k" for z in zones)
    return f"{' '.join(parts)} {where}"


def _weather_colour(weather: Weather | None) -> str:
    if weather is None:
        return ft.Colors.OUTLINE
    if weather.calm:
        return "#F9A825"
    return "#1565C0" if weather.label in ("snow", "cloud") else "#6A1B9A"


def _worst(days: tuple[PresetDay, ...]) -> str:
    return max(days, key=lambda d: (d.accl + d.move, d.symbol)).symbol
