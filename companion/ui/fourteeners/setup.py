"""Setting up a game of 14ers: players in turn order with their Hikers, Weather, the Accolade, solo against Gerry.

The screen only gathers choices; `companion.games.fourteeners.session.start` checks them when the session
keeper starts the game, and the Hikers, deck sizes and Accolade shown come from the engine's own tables.
The owner's catalog is copied into the setup, so later edits never change this game.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, replace
from functools import partial
from typing import Any

import flet as ft

from companion.errors import CompanionError, InvalidInput
from companion.games.fourteeners import solo
from companion.games.fourteeners.abilities import describe_category
from companion.games.fourteeners.catalog import AccoladeSide, Catalog, export_catalog
from companion.games.fourteeners.data import CLASSES, load_data
from companion.games.fourteeners.rules import deck_counts, draw_accolade, hiker_letters
from companion.games.fourteeners.session import GAME_ID, solo_title
from companion.i18n import _, msg, ngettext, tr
from companion.ui.common.routing import left_the_roster, start_game
from companion.ui.common.services import use_app
from companion.ui.common.widgets import (bind, colour_dot, first_capital, labelled, labelled_value, message_card,
                                         players_route, said, section_title, sentence)
from companion.ui.fourteeners.catalog import load_catalog
from companion.ui.fourteeners.editor import category_editor
from companion.ui.fourteeners.forms import CategoryForm, accolade_title, half_label, roman
from companion.ui.fourteeners.parts import ACCENT, chip_row, choice_chip, panel, problem_text

__all__ = ["SetupChoices", "SetupPanel", "setup_doc", "game_title", "new_seed"]

_MAX_PLAYERS = 4


def new_seed() -> int:
    """A fresh seed for drawing the Accolade (kept in the setup, so a replay draws the same card)."""
    return random.SystemRandom().randrange(1, 2**31)


@dataclass(frozen=True)
class SetupChoices:
    """What the setup screen holds: players in turn order, Hiker sides, Weather and the Accolade choice."""

    order: tuple[str, ...] = ()
    advanced: frozenset[str] = frozenset()
    weather: bool = False
    accolade_mode: str = "random"                 # "random" | "choose" | "type"
    seed: int = 1
    chosen: tuple[str, str] | None = None         # (Accolade name, "basic" | "advanced")
    typed: CategoryForm | None = None             # None until the players describe it: no Accolade is assumed


def setup_doc(choices: SetupChoices, names: dict[str, str], catalog: Catalog, *, final: bool = False) -> dict[str, Any]:
    """The session setup (`fourteeners.session.parse_setup`'s format) for these choices; `final` for a finished
    game scored from its tableaus (no Weather, and the Accolade is the one on the table: never drawn)."""
    doc: dict[str, Any] = {
        "players": [{"name": names[pid], "id": pid, "side": "advanced" if pid in choices.advanced else "basic"}
                    for pid in choices.order],
        "weather": choices.weather and not final,
        "catalog": export_catalog(catalog),
    }
    if final:
        doc["final"] = True
    if len(choices.order) == 1:
        doc["accolade"] = None
    elif choices.accolade_mode == "random":
        doc["accolade"] = "random"
        doc["seed"] = choices.seed
    elif choices.accolade_mode == "choose":
        name, side = choices.chosen or ("", "")
        doc["accolade"] = {"name": name, "side": side} if name else None
    else:
        doc["accolade"] = None if choices.typed is None else {"category": choices.typed.to_doc()}
    return doc


def game_title(names: list[str]) -> str:
    """The game's name on Resume and in History: the players, or 'Ann vs Gerry' solo."""
    if len(names) == 1:
        return solo_title(names[0])          # the same name the History record gets
    return ", ".join(names)


@ft.component
def SetupPanel(open_cards: Callable[[], None], final: bool = False, kept: SetupChoices | None = None,
               keep: Callable[[SetupChoices], None] | None = None) -> ft.Control:
    """The new-game form: roster players in order, Hiker sides, Weather, Accolade; Start opens the game.

    With `final`, the same form sets up scoring a game finished at the table: no Weather (it changes no
    score), and the Accolade is chosen or described as it lies, never drawn; Start opens the tableaus.
    `kept`: the choices made before the form was left for a while (the Cards tab), given to `keep` as they
    change, so that the form comes back as it was."""
    app = use_app()
    page = ft.context.page
    try:
        catalog, broken = load_catalog(app.store), None
    except CompanionError as exc:
        catalog, broken = Catalog(), said(exc)
    has_accolades = any(a.basic or a.advanced for a in catalog.accolades)
    choices, set_choices = ft.use_state(
        lambda: kept or SetupChoices(seed=new_seed(),
                                     accolade_mode=("choose" if final else "random") if has_accolades else "type"))
    error, set_error = ft.use_state(None)
    roster = app.store.players.list()
    names = {p.id: p.name for p in roster}
    colours = {p.id: p.colour for p in roster}
    order = tuple(pid for pid in choices.order if pid in names)
    # Random and chosen Accolades need one described in the catalog; otherwise the players describe theirs.
    mode = choices.accolade_mode if has_accolades else "type"
    if final and mode == "random":
        mode = "choose"

    def change(new: SetupChoices | Callable[[SetupChoices], SetupChoices], *, prune: bool = False) -> None:
        """New choices, or a change of the latest ones (a function of them, so that quick taps all count)."""
        made: list[SetupChoices] = []

        def update(latest: SetupChoices) -> SetupChoices:
            value = new(latest) if callable(new) else new
            if not prune:
                # The controls edit the order shown, without players removed meanwhile (on another device):
                # those stay chosen, so that Start names them rather than beginning without them.
                hidden = tuple(pid for pid in latest.order if pid not in names and pid not in value.order)
                value = replace(value, order=value.order + hidden)
            made.append(value)
            return value

        set_choices(update)
        set_error(None)
        if keep is not None and made:
            keep(made[-1])

    def start() -> None:
        kept, gone = left_the_roster(app, choices.order)
        if gone:
            change(replace(choices, order=kept), prune=True)
            set_error(gone)
            return
        if not order:
            set_error(_("Pick who plays, in turn order: 1 to 4 players from the roster."))
            return
        def prepare():
            doc = setup_doc(replace(choices, order=order, accolade_mode=mode), names, catalog, final=final)
            if doc.get("accolade", "") is None and len(order) > 1:
                if mode == "type":
                    raise InvalidInput(msg("Describe the Accolade on the table: who scores, counting which "
                                           "tucked cards."))
                raise InvalidInput(msg("Choose the Accolade card and half in play."))
            return doc, order, game_title([names[p] for p in order])

        start_game(app, GAME_ID, prepare, set_error, words=lambda refusal: sentence(refusal))

    body: list[ft.Control] = []
    if broken:
        body.append(message_card(ft.Icons.ERROR_OUTLINE_ROUNDED, _("The saved catalog cannot be read"), broken,
                                 key="ft-setup-broken", tone="warning"))
    body.append(section_title(_("Players in turn order"), key="ft-setup-players-title"))
    body.append(_players(choices, order, roster, names, colours, change, page))
    if order:
        body.append(_table(len(order)))
    if final:
        body.insert(0, message_card(
            ft.Icons.CALCULATE_ROUNDED, _("Score a game finished at the table"),
            _("Who played, in turn order, and the Accolade half in play; then enter each tableau as it lies. "
              "The app does the Accolade, the Plans, the Capstones, the Photos and the tie-break."),
            key="ft-final-intro"))
    if len(order) == 1 and final:
        body.append(message_card(
            ft.Icons.SMART_TOY_ROUNDED, _("Solo against {gerry}").format(gerry=solo.gerry_name()),
            _("{gerry}'s tableau (Hiker {letter}) is entered too. No Accolade; only a higher score than his "
              "wins.").format(gerry=solo.gerry_name(), letter=solo.gerry_hiker()), key="ft-setup-solo"))
    elif len(order) == 1:
        body.append(message_card(
            ft.Icons.SMART_TOY_ROUNDED, _("Solo against {gerry}").format(gerry=solo.gerry_name()),
            _("{gerry} plays Hiker {letter} after you. He takes the rightmost revealed Climb and tucks it by "
              "Class (I Training, II Plans, III and IV Capstones); you only tap which card he revealed. No "
              "Accolade is used.").format(gerry=solo.gerry_name(), letter=solo.gerry_hiker()),
            key="ft-setup-solo"))
    if not final:
        # i18n: the setup section for the Weather variant (the rulebook's "Backcountry" options)
        body.append(section_title(_("Backcountry"), key="ft-setup-backcountry-title"))
        body.append(_weather(choices, change, solo_game=len(order) == 1))
    if len(order) != 1:
        body.append(section_title(_("Accolade"), key="ft-setup-accolade-title"))
        body.append(_accolade(replace(choices, accolade_mode=mode), catalog, change, open_cards, final=final))
    described = sum(1 for c in catalog.cards if c.described)
    cards = len(catalog.cards)
    # Each count agrees with its own noun: "0 Climb cards (0 fully described)", "12 Climb cards (1 fully described)".
    counts = dict(
        # i18n: the Climb cards in the owner's catalog, as counted on the setup screen
        cards=ngettext("{n} Climb card", "{n} Climb cards", cards).format(n=cards),
        # i18n: how many of the catalog's Climb cards (cartes, Karten, karty) have every side described
        described=ngettext("{n} fully described", "{n} fully described", described).format(n=described))
    if final:
        # i18n: {cards} is "12 Climb cards"; {described} is "3 fully described"
        words = _("Your catalog: {cards} ({described}). Cards not in it are entered with only what scoring needs.")
    else:
        # i18n: {cards} is "12 Climb cards"; {described} is "3 fully described"
        words = _("Your catalog: {cards} ({described}). Cards not in it are entered when they are revealed.")
    body.append(ft.Row(spacing=8, controls=[
        ft.Icon(ft.Icons.STYLE_ROUNDED, size=18, color=ft.Colors.ON_SURFACE_VARIANT),
        ft.Text(words.format(**counts), size=12, color=ft.Colors.ON_SURFACE_VARIANT,
                expand=True, key="ft-setup-catalog")]))
    body.extend(problem_text(error, key="ft-setup-error"))
    body.append(labelled("ft-start", ft.FilledButton(
        _("Enter the tableaus") if final else _("Start the game"), key="ft-start",
        icon=ft.Icons.CALCULATE_ROUNDED if final else ft.Icons.PLAY_ARROW_ROUNDED, on_click=start,
        style=ft.ButtonStyle(padding=ft.Padding.symmetric(vertical=16)))))
    return ft.Column(body, spacing=12, tight=True, horizontal_alignment=ft.CrossAxisAlignment.STRETCH)


def _players(choices: SetupChoices, order: tuple[str, ...], roster, names, colours, change, page) -> ft.Control:
    if not roster:
        return message_card(
            ft.Icons.GROUPS_ROUNDED, _("No players yet"), _("Add the people you play with, then come back."),
            key="ft-setup-no-players",
            actions=[labelled("ft-setup-go-players", ft.FilledTonalButton(
                _("Players"), key="ft-setup-go-players", icon=ft.Icons.GROUPS_ROUNDED,
                on_click=lambda: page.navigate(players_route(page.route))))])
    letters = hiker_letters([pid in choices.advanced for pid in order]) if order else ()
    rows: list[ft.Control] = []
    for seat, (pid, letter) in enumerate(zip(order, letters)):
        basic = hiker_letters([False] * len(order))[seat]
        advanced_letter = hiker_letters([True] * len(order))[seat]
        # i18n: the Hiker card's Basic side, and the Hiker letter it gives this seat
        basic_words = _("Basic · {letter}").format(letter=basic)
        # i18n: the Hiker card's Advanced side, and the Hiker letter it gives this seat
        advanced_words = _("Advanced · {letter}").format(letter=advanced_letter)
        rows.append(ft.Container(
            key=f"ft-seat-{seat}",
            padding=ft.Padding.only(left=10, right=4, top=6, bottom=6),
            border_radius=ft.BorderRadius.all(14),
            bgcolor=ft.Colors.SURFACE_CONTAINER_HIGH,
            # Keyed by the player too: another player in the seat is built afresh. Updated in place, the keyboard's
            # focus stayed on the button just pressed, now the next player's ("Ann does not play" after Bob's),
            # and a second Enter took Ann off the table too.
            content=ft.Column(key=f"ft-seat-{seat}-{pid}", spacing=6, tight=True, controls=[
                ft.Row(spacing=10, vertical_alignment=ft.CrossAxisAlignment.CENTER, controls=[
                    ft.Text(str(seat + 1), size=13, weight=ft.FontWeight.W_700, color=ft.Colors.ON_SURFACE_VARIANT),
                    colour_dot(colours[pid], names[pid], size=32),
                    ft.Text(names[pid], size=16, weight=ft.FontWeight.W_600, expand=True),
                    _hiker_badge(letter, key=f"ft-seat-{seat}-hiker"),
                    labelled(f"ft-seat-{seat}-up", ft.IconButton(
                        ft.Icons.ARROW_UPWARD_ROUNDED, key=f"ft-seat-{seat}-up",
                        tooltip=_("Move {name} earlier").format(name=names[pid]),
                        disabled=seat == 0, on_click=bind(change, replace(choices, order=_moved_up(order, seat))))),
                    labelled(f"ft-seat-{seat}-remove", ft.IconButton(
                        ft.Icons.CLOSE_ROUNDED, key=f"ft-seat-{seat}-remove",
                        tooltip=_("{name} does not play").format(name=names[pid]),
                        on_click=bind(change, replace(choices, order=tuple(p for p in order if p != pid))))),
                ]),
                ft.Row(spacing=6, controls=[
                    ft.Container(width=22),
                    # Each said with whose Hiker it sets ("Ute: Basic · C"): every seat's pair read the same.
                    choice_chip(f"ft-seat-{seat}-basic", basic_words, pid not in choices.advanced,
                                bind(change, replace(choices, advanced=choices.advanced - {pid})),
                                tooltip=labelled_value(names[pid], basic_words)),
                    choice_chip(f"ft-seat-{seat}-advanced", advanced_words, pid in choices.advanced,
                                bind(change, replace(choices, advanced=choices.advanced | {pid})),
                                tooltip=labelled_value(names[pid], advanced_words)),
                ]),
            ]),
        ))
    waiting = [p for p in roster if p.id not in order]
    if waiting and len(order) < _MAX_PLAYERS:
        rows.append(chip_row([
            choice_chip(f"ft-add-{p.id}", p.name, False,
                        bind(change, replace(choices, order=order + (p.id,))), icon=ft.Icons.ADD_ROUNDED)
            for p in waiting], label=_("Tap to add, in turn order") if not order else _("Add another player")))
    elif waiting:
        # The others vanished from the picker with nothing said why.
        rows.append(ft.Text(_("The table is full: 14ers is for 1 to 4 players. Remove a player to seat another."),
                            key="ft-setup-full", size=13, color=ft.Colors.ON_SURFACE_VARIANT))
    if not order:
        rows.insert(0, ft.Text(_("One player plays solo against Gerry; 2-4 players share the table."), size=13,
                               color=ft.Colors.ON_SURFACE_VARIANT))
    return ft.Column(rows, spacing=8, tight=True)


def _hiker_badge(letter: str, *, key: str) -> ft.Control:
    """The seat's Hiker card, as a small card with its letter; as wide as the word for Hiker needs (at 8 px,
    bold capitals take about 6 px each: "RANDONNEUR" would break in two in the 44 px that "HIKER" needs)."""
    label = _("Hiker").upper()
    return ft.Container(
        width=max(44, 6 * len(label) + 8), height=44, border_radius=ft.BorderRadius.all(8), bgcolor=ACCENT,
        alignment=ft.Alignment.CENTER, tooltip=_("Hiker {letter}").format(letter=letter),
        # The tooltip names the card ("Hiker A"): the drawn "HIKER" and "A" are not said again after it.
        content=ft.Semantics(exclude_semantics=True, content=ft.Column(
            spacing=0, tight=True, horizontal_alignment=ft.CrossAxisAlignment.CENTER, controls=[
                ft.Text(label, size=8, weight=ft.FontWeight.W_700, color=ft.Colors.WHITE, max_lines=1, no_wrap=True),
                ft.Text(letter, key=key, size=18, weight=ft.FontWeight.W_700, color=ft.Colors.WHITE)])),
    )


def _table(players: int) -> ft.Control:
    """The rulebook's setup table for this many players: Climbs per Class and the Hiker cards."""
    counts = deck_counts(players)
    hikers = load_data().hikers
    groups = hikers.groups(players)
    ab = sum(1 for g in groups if g == 0)
    cd = len(groups) - ab
    cells = [ft.Column(spacing=2, tight=True, horizontal_alignment=ft.CrossAxisAlignment.CENTER, expand=True,
                       controls=[ft.Text(_("Class {numeral}").format(numeral=roman(k)), size=11,
                                         color=ft.Colors.ON_SURFACE_VARIANT),
                                 ft.Text(str(counts[k]), size=18, weight=ft.FontWeight.W_700,
                                         key=f"ft-setup-deck-{k}")])
             for k in CLASSES]
    total = sum(counts.values())
    if players == 1:
        deck = _("Climb deck for 1 player (solo is set up as two players): {cards} cards, Class I on top to IV "
                 "at the bottom").format(cards=total)
        hikers_words = _("Hikers: {ab} A/B to the first in turn order, {cd} C/D to the last ({gerry}). Basic sides "
                         "are A and C; Advanced B and D (Hiker D never tucks Capstones).").format(
            ab=ab, cd=1, gerry=solo.gerry_name())
    else:
        deck = ngettext("Climb deck for {n} player: {cards} cards, Class I on top to IV at the bottom",
                        "Climb deck for {n} players: {cards} cards, Class I on top to IV at the bottom",
                        players).format(n=players, cards=total)
        hikers_words = _("Hikers: {ab} A/B to the first in turn order, {cd} C/D to the last. Basic sides are A "
                         "and C; Advanced B and D (Hiker D never tucks Capstones).").format(ab=ab, cd=cd)
    return panel([
        ft.Text(deck, size=13),
        ft.Row(cells),
        ft.Text(hikers_words, size=12, color=ft.Colors.ON_SURFACE_VARIANT),
    ], key="ft-setup-table", padding=12, spacing=8)


def _weather(choices: SetupChoices, change, *, solo_game: bool) -> ft.Control:
    forecasts = load_data().forecasts
    lines: list[ft.Control] = [chip_row([
        choice_chip("ft-setup-weather", _("Weather forecast"), choices.weather,
                    bind(change, replace(choices, weather=not choices.weather)), icon=ft.Icons.CLOUD_ROUNDED,
                    toggle=True)])]
    if choices.weather:
        for forecast in forecasts.forecasts:
            rounds = ", ".join(f"{n} {tr(w)}" for n, w in forecast.rounds)
            lines.append(ft.Text(_("{title}: {text}").format(title=first_capital(tr(forecast.name)), text=rounds),
                                 size=12, color=ft.Colors.ON_SURFACE_VARIANT))
        # The Fog moves a player's reveal, not Gerry's ('Solo Variant': he ignores all Weather), and a Guide
        # hired may ignore it (docs/rulings.md, 14ers).
        fog = (_("In a Fog round you reveal at the end of your turn, not the start, unless you hire a Guide to ignore "
                 "it; {gerry} reveals first, as in any round.").format(gerry=solo.gerry_name()) if solo_game else
               _("In a Fog round each player reveals at the end of the turn, not the start, unless they hire a Guide "
                 "to ignore it."))
        lines.append(ft.Text(fog, key="ft-setup-fog", size=12, color=ft.Colors.ON_SURFACE_VARIANT))
    else:
        lines.append(ft.Text(_("Each round's Weather raises costs or blocks a side; Fog moves the reveal to the end "
                               "of the turn."), size=12, color=ft.Colors.ON_SURFACE_VARIANT))
    return panel(lines, padding=12, spacing=6)


def _accolade(choices: SetupChoices, catalog: Catalog, change, open_cards, *, final: bool = False) -> ft.Control:
    described = [(card, side) for card in catalog.accolades for side in AccoladeSide if card.category(side)]
    # i18n: how the Accolade card in play is decided: drawn at random, chosen from the catalog, or described
    modes = [("random", _("Random"), ft.Icons.SHUFFLE_ROUNDED, bool(described)),
             ("choose", _("Choose"), ft.Icons.CHECKLIST_ROUNDED, bool(described)),
             ("type", _("Describe it"), ft.Icons.EDIT_NOTE_ROUNDED, True)]
    if final:
        modes = modes[1:]          # the Accolade of a finished game is on the table: it is not drawn
    parts: list[ft.Control] = [chip_row([
        choice_chip(f"ft-accolade-{mode}", label, choices.accolade_mode == mode,
                    bind(change, replace(choices, accolade_mode=mode)), icon=icon, disabled=not enabled)
        for mode, label, icon, enabled in modes])]
    if not described:
        parts.append(ft.Row(spacing=4, wrap=True, controls=[
            ft.Text(_("No Accolade is described in your catalog yet."), size=12, color=ft.Colors.ON_SURFACE_VARIANT),
            labelled("ft-setup-open-cards", ft.TextButton(_("Describe them"), key="ft-setup-open-cards",
                                                          on_click=open_cards))]))
    if choices.accolade_mode == "random" and described:
        try:
            drawn = draw_accolade(catalog, random.Random(choices.seed))
            words = accolade_title(drawn.category, drawn.name, drawn.side)
            parts.append(ft.Row(spacing=8, controls=[
                ft.Icon(ft.Icons.EMOJI_EVENTS_ROUNDED, color="#B7791F"),
                ft.Text(words, key="ft-accolade-drawn", size=14, weight=ft.FontWeight.W_500, expand=True)]))
        except CompanionError as exc:
            parts.extend(problem_text(sentence(exc), key="ft-accolade-drawn"))
        parts.append(ft.Row([labelled("ft-accolade-redraw", ft.TextButton(
            _("Draw again"), key="ft-accolade-redraw", icon=ft.Icons.CASINO_ROUNDED,
            on_click=bind(change, replace(choices, seed=new_seed()))))]))
    elif choices.accolade_mode == "choose" and described:
        parts.append(ft.Column(spacing=6, tight=True, controls=[
            choice_chip(f"ft-accolade-pick-{i}",
                        _("{title}: {text}").format(title=f"{card.name} · {half_label(side)}",
                                                   text=tr(describe_category(card.category(side)))),
                        choices.chosen == (card.name, side.value),
                        bind(change, replace(choices, chosen=(card.name, side.value))), wide=True)
            for i, (card, side) in enumerate(described)]))
    elif choices.accolade_mode == "type" or not described:
        parts.append(ft.Text(_("The Accolade card on the table: who scores, counting which tucked cards."), size=12,
                             color=ft.Colors.ON_SURFACE_VARIANT))
        # Shown as "most" of every Climb until a tap describes it; Start refuses it undescribed, since an
        # Accolade nobody described would score "most Climbs" without a word.
        parts.append(category_editor("ft-accolade-typed", choices.typed or CategoryForm(),
                                     lambda edit: change(partial(_typed_changed, edit)),
                                     described=choices.typed is not None))
    return panel(parts, key="ft-setup-accolade", padding=12, spacing=8)


def _typed_changed(edit: Callable[[CategoryForm], CategoryForm], choices: SetupChoices) -> SetupChoices:
    """The Accolade typed in, changed as the latest choices hold it (a chip tapped quickly after another)."""
    return replace(choices, typed=edit(choices.typed or CategoryForm()))


def _moved_up(order: tuple[str, ...], seat: int) -> tuple[str, ...]:
    if seat <= 0:
        return order
    items = list(order)
    items[seat - 1], items[seat] = items[seat], items[seat - 1]
    return tuple(items)
