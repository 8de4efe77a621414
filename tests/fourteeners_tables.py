"""Finished 14ers tableaus scored by hand: the rulebook's 'Scoring Example' and seven tables worked out on paper.

Each table is the `companion score 14ers` document (cards given whole, each with only the side it shows
described, as a table scoring at the end enters them) and the result worked out by hand, in the command
line's `--json` form. The same tables are entered on the "Score a finished game" screen and through a
final-tableaus session, and every route must give these results. Card names are Colorado fourteeners;
their abilities are made up for the tables, from the vocabulary.
"""

from __future__ import annotations

from typing import Any


def card(name: str, klass: int, side: str, ability: Any, icons: tuple[str, ...] = ()) -> dict[str, Any]:
    """A Climb card as a table enters it at the end: its corner and the one side it shows."""
    return {"name": name, "class": klass, "endurance": 0, "technique": 0, "icons": list(icons),
            "sides": {side: ability}}


def tuck(name: str, klass: int, side: str, ability: Any, icons: tuple[str, ...] = (), *,
         counted: dict[str, Any] | None = None) -> dict[str, Any]:
    """A tucked Climb; `counted` gives a Plan's points as counted by the players (its side left blank)."""
    entry: dict[str, Any] = {"card": card(name, klass, side, None if counted else ability, icons), "side": side}
    if counted is not None:
        entry["counted"] = counted
    return entry


def guide(name: str, klass: int, icons: tuple[str, ...] = ()) -> dict[str, Any]:
    """A hired Guide: only its Class and icons matter at the end."""
    return {"card": {"name": name, "class": klass, "endurance": 0, "technique": 0, "icons": list(icons),
                     "sides": {}}}


def player(name: str, hiker: str, *tucked: dict[str, Any], guides: tuple[dict[str, Any], ...] = (),
           gerry: bool = False) -> dict[str, Any]:
    doc: dict[str, Any] = {"name": name, "hiker": hiker, "tucked": list(tucked), "guides": list(guides)}
    if gerry:
        doc["gerry"] = True
    return doc


def score(name: str, accolade: int, plans: int, capstones: int, photos: int) -> dict[str, Any]:
    return {"name": name, "accolade": accolade, "plans": plans, "capstones": capstones, "photos": photos,
            "total": accolade + plans + capstones + photos}


TABLES: dict[str, dict[str, Any]] = {
    # 'Scoring Example': the Accolade (most Class I and II) tied 3-3 with the opponent, 2 each; Plans: 1 per
    # Hazard icon (Pikes Peak, Longs Peak, Capitol Peak: 3) and 2 with no Gear tucked; Capstones 4 + 6; two
    # Guides, one with a Photo: 1. Total 2 + 3 + 2 + 10 + 1 = 18. Bo: 2 + Capstone 3 = 5.
    "rulebook-example": {
        "table": {"accolade": {"most": {"class": [1, 2]}}, "players": [
            player("Ann", "A",
                   tuck("Pikes Peak", 2, "plans", {"per": {"icon": "hazard"}, "points": 1}, ("hazard",)),
                   tuck("Mount Sherman", 1, "plans", {"if_none": {"side": "gear"}, "points": 2}),
                   tuck("Longs Peak", 3, "capstone", {"points": 4}, ("hazard",)),
                   tuck("Capitol Peak", 4, "capstone", {"points": 6}, ("hazard", "alt")),
                   tuck("Mount Bierstadt", 1, "training", {"endurance": 1}),
                   guides=(guide("Quandary Peak", 2, ("photo",)), guide("Mount Elbert", 1))),
            player("Bo", "C",
                   tuck("Grays Peak", 2, "capstone", {"points": 3}),
                   tuck("Torreys Peak", 2, "gear", {"utility": 1}),
                   tuck("Mount Democrat", 1, "training", {"technique": 1}))]},
        "expected": {"players": [score("Ann", 2, 5, 10, 1), score("Bo", 2, 0, 3, 0)], "winner": "Ann"},
    },
    # Most Training, three players tied at 2: 1 each. Ann's Plan scores 1 per her 2 Training: 2; Capstone 5:
    # 8. Bo: Capstone 6: 7. Cy: 'if any Photo' 3 (Mount Princeton on his Gear has one): 4. Ann wins.
    "accolade-three-tied": {
        "table": {"accolade": {"most": {"side": "training"}}, "players": [
            player("Ann", "A",
                   tuck("Mount Harvard", 1, "training", {"endurance": 1}),
                   tuck("Mount Yale", 2, "training", {"technique": 1}),
                   tuck("Mount Massive", 3, "capstone", {"points": 5}),
                   tuck("La Plata Peak", 2, "plans", {"per": {"side": "training"}, "points": 1})),
            player("Bo", "C",
                   tuck("Mount Antero", 1, "training", {"endurance": 1}),
                   tuck("Mount Shavano", 3, "training", {"utility": 1}),
                   tuck("Blanca Peak", 4, "capstone", {"points": 6})),
            player("Cy", "D",
                   tuck("Mount Columbia", 2, "training", {"technique": 1}),
                   tuck("Huron Peak", 2, "training", {"endurance": 1}),
                   tuck("Mount Princeton", 1, "gear", {"utility": 1}, ("photo",)),
                   tuck("Castle Peak", 3, "plans", {"if_any": {"icon": "photo"}, "points": 3}))]},
        "expected": {"players": [score("Ann", 1, 2, 5, 0), score("Bo", 1, 0, 6, 0), score("Cy", 1, 3, 0, 0)],
                     "winner": "Ann"},
    },
    # Most Photo icons, all four tied at one tucked Photo (Bo's Guide with a Photo does not count for it):
    # 1 each. Ann: 2 per Class IV (1) + Capstone 7: 10. Bo: Capstone 4 + the Guide's Photo 1: 6. Cy: 1 per
    # empty side (Capstone and Gear: 2): 3. Dee (Hiker D, no Capstones): 3 if no rival has more Training
    # (Cy has as many: a tie still counts): 4. Ann wins.
    "accolade-four-tied": {
        "table": {"accolade": {"most": {"icon": "photo"}}, "players": [
            player("Ann", "A",
                   tuck("Maroon Peak", 4, "capstone", {"points": 7}, ("photo",)),
                   tuck("Mount Evans", 2, "plans", {"per": {"class": 4}, "points": 2})),
            player("Bo", "B",
                   tuck("Mount Lindsey", 1, "gear", {"utility": 1}, ("photo",)),
                   tuck("Kit Carson Peak", 3, "capstone", {"points": 4}),
                   guides=(guide("Humboldt Peak", 2, ("photo",)),)),
            player("Cy", "C",
                   tuck("Mount Sneffels", 3, "plans", {"per_empty_side": {"points": 1}}, ("photo",)),
                   tuck("Handies Peak", 1, "training", {"endurance": 1})),
            player("Dee", "D",
                   tuck("Redcloud Peak", 2, "training", {"technique": 1}, ("photo",)),
                   tuck("Sunshine Peak", 1, "plans", {"if_most": {"side": "training"}, "points": 3}))]},
        "expected": {"players": [score("Ann", 1, 2, 7, 0), score("Bo", 1, 0, 4, 1), score("Cy", 1, 2, 0, 0),
                                 score("Dee", 1, 3, 0, 0)], "winner": "Ann"},
    },
    # Fewest Class IV: Ann has none, Bo one, so Ann alone best meets it: 4. Ann: 2 per Alt route (Uncompahgre
    # and Wetterhorn both show one): 4, Capstone 5: 13. Bo: Capstone 8: 8. Ann wins.
    "accolade-fewest": {
        "table": {"accolade": {"fewest": {"class": 4}}, "players": [
            player("Ann", "B",
                   tuck("Uncompahgre Peak", 3, "capstone", {"points": 5}, ("alt",)),
                   tuck("Wetterhorn Peak", 2, "plans", {"per": {"icon": "alt"}, "points": 2}, ("alt",))),
            player("Bo", "C",
                   tuck("Mount Wilson", 4, "capstone", {"points": 8}),
                   tuck("Wilson Peak", 1, "gear", {"endurance": 1}))]},
        "expected": {"players": [score("Ann", 4, 4, 5, 0), score("Bo", 0, 0, 8, 0)], "winner": "Ann"},
    },
    # Most Gear: Ann alone, 4. Ann: 2 if any Capstone + Capstone 6: 12. Bo: 3 per Class II (his Plan and two
    # Training: 9) + Capstone 3: 12. Tied at 12; the fewest Capstone points (Bo 3, Ann 6) gives Bo the win.
    "capstone-tiebreak": {
        "table": {"accolade": {"most": {"side": "gear"}}, "players": [
            player("Ann", "A",
                   tuck("Mount Oxford", 1, "gear", {"utility": 1}),
                   tuck("Mount Belford", 4, "capstone", {"points": 6}),
                   tuck("Missouri Mountain", 2, "plans", {"if_any": {"side": "capstone"}, "points": 2})),
            player("Bo", "C",
                   tuck("Mount Holy Cross", 3, "capstone", {"points": 3}),
                   tuck("Mount of the Holy Cross Ridge", 2, "plans", {"per": {"class": 2}, "points": 3}),
                   tuck("Mount Cameron", 2, "training", {"endurance": 1}),
                   tuck("Mount Lincoln", 2, "training", {"technique": 1}))]},
        "expected": {"players": [score("Ann", 4, 2, 6, 0), score("Bo", 0, 9, 3, 0)], "winner": "Bo"},
    },
    # Most Hazard icons: Cy alone (2), 4. Ann: 2 + Capstone 5: 7. Bo: 1 + Capstone 5 + a Guide's Photo 1: 7.
    # Cy: 4. Ann and Bo tie at 7 with 5 Capstone points each: the victory is shared.
    "shared-victory": {
        "table": {"accolade": {"most": {"icon": "hazard"}}, "players": [
            player("Ann", "A",
                   tuck("San Luis Peak", 3, "capstone", {"points": 5}),
                   tuck("Mount Hope Ridge", 1, "plans", {"points": 2})),
            player("Bo", "C",
                   tuck("Culebra Peak", 3, "capstone", {"points": 5}),
                   tuck("Ellingwood Point", 2, "gear", {"utility": 1}),
                   tuck("Challenger Point", 1, "plans", {"points": 1}),
                   guides=(guide("Crestone Peak", 1, ("photo",)),)),
            player("Cy", "D",
                   tuck("Crestone Needle", 2, "training", {"technique": 1}, ("hazard",)),
                   tuck("Little Bear Peak", 1, "training", {"endurance": 1}, ("hazard",)))]},
        "expected": {"players": [score("Ann", 0, 2, 5, 0), score("Bo", 0, 1, 5, 1), score("Cy", 4, 0, 0, 0)],
                     "winner": ["Ann", "Bo"]},
    },
    # Solo, no Accolade. Ann: Capstone 7 + 1 per Capstone (1): 8. Gerry tucks by Class (II Plans, IV
    # Capstone, I Training): Capstone 6 + 2 per Class IV (1): 8. "If your score is higher, you win": a tie
    # is not a win for Ann, so Gerry wins.
    "solo-tie": {
        "table": {"accolade": None, "players": [
            player("Ann", "A",
                   tuck("Pyramid Peak", 4, "capstone", {"points": 7}),
                   tuck("Snowmass Mountain", 2, "plans", {"per": {"side": "capstone"}, "points": 1})),
            player("Gerry", "C",
                   tuck("North Maroon Peak", 4, "capstone", {"points": 6}),
                   tuck("Mount Tabeguache", 2, "plans", {"per": {"class": 4}, "points": 2}),
                   tuck("Mount Shavano Saddle", 1, "training", {"endurance": 1}),
                   gerry=True)]},
        "expected": {"players": [score("Ann", 0, 1, 7, 0), score("Gerry", 0, 2, 6, 0)], "winner": "Gerry"},
    },
    # Most Plans: Ann 2 against Bo's 1: 4. Ann: a Plan counted by hand (5) + 1 per Photo (Mount Eolus and
    # Sunlight Peak: 2): 7; 11. Bo: a Plan counted by hand (3) + Capstone 6: 9. Ann wins.
    "hand-counted-plan": {
        "table": {"accolade": {"most": {"side": "plans"}}, "players": [
            player("Ann", "A",
                   tuck("Windom Peak", 2, "plans", None,
                        counted={"points": 5, "note": "1 per pair of Class I and Class II"}),
                   tuck("Mount Eolus", 1, "plans", {"per": {"icon": "photo"}, "points": 1}, ("photo",)),
                   tuck("Sunlight Peak", 3, "gear", {"utility": 1}, ("photo",))),
            player("Bo", "C",
                   tuck("Mount Massive North", 2, "plans", None, counted={"points": 3, "note": "sets of three sides"}),
                   tuck("Mount Wilson North", 4, "capstone", {"points": 6}))]},
        "expected": {"players": [score("Ann", 4, 7, 0, 0), score("Bo", 0, 3, 6, 0)], "winner": "Ann"},
    },
}
