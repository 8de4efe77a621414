"""Trek 12 Expeditions on the phone: set off, three Ascents typed in from paper, the Assist cards (reveal,
picks in Lead Climber order, the limit of three, a card used, cards cashed), an envelope opened with a note,
undo and redo, the stars drawn as the engine gives them, the winner, History and the Hall of Fame."""

from __future__ import annotations

import companion.ui.expedition  # noqa: F401 - registers the Expedition screens
from companion import hall_of_fame
from companion.games.expedition.rules import Phase
from companion.sessions import SessionKeeper
from harness import walk
from companion.ui.expedition_parts import STAR_KINDS


def drawn_stars(ui, key: str) -> dict[str, int]:
    """The star icons drawn under `key`, counted by kind (by their colour)."""
    colours = {kind.colour: kind.field for kind in STAR_KINDS}
    counts = {kind.field: 0 for kind in STAR_KINDS}
    for control in walk(ui.get(key)):
        colour = getattr(control, "color", None)
        if getattr(control, "icon", None) is not None and colour in colours:
            counts[colours[colour]] += 1
    return counts


def engine_stars(stars) -> dict[str, int]:
    return {kind.field: getattr(stars, kind.field) for kind in STAR_KINDS}


async def set_off(ui, players, *, paper=(), cards="typed", solo=False, lead=None) -> str:
    """Start an Expedition from the new-game screen; the session id."""
    await ui.go("/games/expedition")
    for player in players:
        await ui.click(f"exp-new-seat-{player.id}")
    for player in paper:
        await ui.click(f"exp-new-paper-{player.id}")
    if solo:
        await ui.click("exp-new-solo")
    if lead is not None:
        await ui.click(f"exp-new-lead-{lead.id}")
    await ui.click(f"exp-new-cards-{cards}")
    await ui.click("exp-new-start")
    assert ui.route.startswith("/play/expedition/"), ui.text()
    return ui.route.rsplit("/", 1)[1]


async def reveal(ui, **counts: int) -> None:
    for card, n in counts.items():
        for _ in range(n):
            await ui.click(f"exp-reveal-{card}-plus")
    await ui.click("exp-reveal")


async def pick(ui, *choices: tuple[int, str], give_back: dict[int, str] | None = None) -> None:
    await ui.click("exp-pick-open")
    for seat, card in choices:
        await ui.click(f"exp-pick-{seat}")
        await ui.click(f"exp-pick-{seat}-{card}")
    for seat, card in (give_back or {}).items():
        await ui.click(f"exp-give-{seat}-{card}")
    await ui.click("exp-pick-submit")


async def score(ui, points: dict[int, int], *, cash: dict[int, list[int]] | None = None,
                met: dict[int, list[int]] | None = None) -> None:
    await ui.click("exp-score-open")
    for seat, value in points.items():
        await ui.type(f"exp-score-{seat}-points", str(value), settle=False)
    for seat, indexes in (cash or {}).items():
        for index in indexes:
            await ui.click(f"exp-cash-{seat}-{index}")
    for seat, numbers in (met or {}).items():
        for number in numbers:
            await ui.click(f"exp-met-{seat}-{number}")
    await ui.click("exp-score-submit")


def pool_text(ui, card: str) -> str:
    return " ".join(c.value for c in walk(ui.get(f"exp-pool-{card}")) if isinstance(getattr(c, "value", None), str))


async def test_two_players_on_paper_climb_three_ascents(open_ui, store):
    ann, bob = store.players.add("Ann"), store.players.add("Bob")
    # The booklet's Hall of Fame already holds Dunai 68: beating it is worth a star.
    hall_of_fame.add_record(store, "dunai", ["Dora"], 68, "2024-05-01")
    keeper = SessionKeeper(store)
    ui = await open_ui()
    exp = await set_off(ui, [ann, bob], paper=[ann, bob])
    assert "Ascent 1 starts: 5 Assist cards go into play" in ui.text()  # 3 + 2 players

    await reveal(ui, rope=2, tent=1, compass=1, schnapps=1)
    assert "×2" in pool_text(ui, "rope")

    # Both pick in one round: Ann is Lead Climber, so she takes a Rope first and Bob the other one; the last
    # player involved, Bob, takes the Lead Climber card.
    await pick(ui, (1, "rope"), (0, "rope"))
    assert ui.find("exp-pool-rope") is None
    assert "Bob is Lead Climber now" in ui.text()
    await pick(ui, (0, "tent"))
    await pick(ui, (0, "compass"))
    assert ui.get("exp-hand-0-count").value == "3 of 3"
    # A fourth card: the form asks for the card given back, then the engine puts it back into play.
    await ui.click("exp-pick-open")
    await ui.click("exp-pick-0")
    await ui.click("exp-pick-0-schnapps")
    await ui.click("exp-pick-submit")
    assert "Ann holds 3 cards: choose the one to put back into play." in ui.text()
    await ui.click("exp-give-0-rope")
    await ui.click("exp-pick-submit")
    state = keeper.state(exp)
    assert [c.value for c in state.hands[0]] == ["compass", "tent", "schnapps"]
    assert "×1" in pool_text(ui, "rope")

    # Bob uses his Rope during the Ascent, after confirming.
    await ui.click("exp-hand-1-0")
    assert "Bob uses the Rope?" in ui.text()
    await ui.click("exp-use-confirm")
    assert keeper.state(exp).hands[1] == ()

    # Ascent 1 (Dunai 65+, stars 1/1/1, record 68): Ann 70 + a Compass cashed = 73, Bob 75; both met envelope 1.
    await score(ui, {0: 70, 1: 75}, cash={0: [0]}, met={0: [1], 1: [1]})
    state = keeper.state(exp)
    assert state.phase is Phase.ENVELOPE and state.envelopes[-1].opener == 1  # the higher total opens it
    assert ui.get("exp-envelope-title").value == "Envelope 1 opens"
    assert drawn_stars(ui, "exp-ascent-1-0-stars") == {"summit": 1, "race": 0, "record": 1}
    assert drawn_stars(ui, "exp-ascent-1-1-stars") == {"summit": 1, "race": 1, "record": 1}
    assert ui.get("exp-ascent-1-0-total").value == "73"
    await ui.type("exp-envelope-note", "Every climber draws one more card", settle=False)
    await ui.click("exp-envelope-open")
    opened = hall_of_fame.envelopes(store)
    assert [(e.number, e.opener, e.note) for e in opened] == [(1, "Bob", "Every climber draws one more card")]

    # Ascent 2 (Kagkot 70+, stars 3/2/1, no record yet): 2 + 2 cards; Ann 80 writes the first record.
    await reveal(ui, tent=2, schnapps=1, compass=1)
    await score(ui, {0: 80, 1: 69})
    assert [line.entry.score for line in hall_of_fame.hall(store).column("kagkot").lines] == [80]
    # Undo takes the scoring and its record back; redo replays both.
    await ui.click("exp-undo")
    assert keeper.state(exp).phase is Phase.CLIMB and keeper.state(exp).ascent == 2
    assert hall_of_fame.hall(store).column("kagkot").lines == ()
    assert "Undone: the scoring of the Ascent" in ui.text()
    await ui.click("exp-redo")
    assert keeper.state(exp).ascent == 3
    assert [line.entry.score for line in hall_of_fame.hall(store).column("kagkot").lines] == [80]

    # Ascent 3 (Dhaulagiri 75+, stars 5/3/1): Ann 74 misses the summit; Bob 76 takes summit and race.
    await reveal(ui, rope=1, compass=1, schnapps=1)
    await score(ui, {0: 74, 1: 76})
    state = keeper.state(exp)
    assert state.over
    # The stars drawn in total: Ann 2 + 5 + 0 = 7, Bob 3 + 0 + 8 = 11.
    assert ui.get("exp-standing-0-count").value == "7"
    assert ui.get("exp-standing-1-count").value == "11"
    assert drawn_stars(ui, "exp-standing-1-stars") == {"summit": 6, "race": 4, "record": 1}
    assert ui.get("exp-winner-names").value == "Bob wins the Expedition"

    await ui.click("exp-finish")
    record = store.history.get(exp)
    assert [(p["name"], p["score"], p["winner"]) for p in record["players"]] == [("Ann", 7, False), ("Bob", 11, True)]
    assert ui.get("exp-winner-names").value == "Bob wins the Expedition"  # the finished view, same address
    # Every Ascent's stars drawn are the engine's.
    for result in state.results:
        for seat in (0, 1):
            assert drawn_stars(ui, f"exp-ascent-{result.number}-{seat}-stars") == engine_stars(result.stars[seat])

    # The Hall of Fame: Dora's 68 struck out under Bob's 75; the new sheets' first records.
    await ui.click("exp-final-hall")
    assert ui.route == "/hall-of-fame"
    assert [ui.get(f"hall-dunai-{i}").data for i in (0, 1)] == ["struck", "record"]
    assert ui.get("hall-dunai-0-names").value == "Dora" and ui.get("hall-dunai-1-names").value == "Bob"
    assert ui.get("hall-dunai-record").value == "75"
    assert ui.get("hall-kagkot-record").value == "80"
    assert ui.get("hall-dhaulagiri-0-names").value == "Bob"
    assert ui.get("hall-envelope-1-0-note").value == "“Every climber draws one more card”"
