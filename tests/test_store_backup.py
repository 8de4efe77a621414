"""The backup file: a round trip is exact, a merge adds no duplicates, and a bad file changes nothing."""

from __future__ import annotations

import copy
import json
from pathlib import Path

import pytest

from companion.errors import InvalidInput
from companion.store import BACKUP_FORMAT, BACKUP_VERSION, open_store
from companion.store.repos import PALETTE


def fill(store) -> dict:
    """A store with one of everything: current and removed players, settings, a game in progress, history."""
    ann = store.players.add("Ann")
    bob = store.players.add("Bob", colour="#123456")
    gone = store.players.add("Carla")
    store.players.remove(gone.id)
    store.settings.set("theme", "dark")
    store.settings.set("assist_deck", {"rope": 3, "oxygen": 2})
    # A real Ascent: an import replays every game in progress through its rules (the undone turn too).
    seats = [{"id": ann.id, "name": "Ann"}, {"id": bob.id, "name": "Bob"}]
    store.sessions.save({"id": "5" * 32, "game": "trek12", "title": "Kagkot", "setup": {"sheet": "kagkot",
                                                                                      "players": seats},
                         "players": [ann.id, bob.id],
                         "actions": [{"dice": [3, 5], "op": "sum", "circle": 8},
                                     {"dice": [3, 5], "op": "product", "circle": 8, "player": 1}],
                         "redo": [{"dice": [1, 1], "op": "lower", "circle": 4}], "created": "2026-03-01T17:00:00Z",
                         "updated": "2026-03-01T17:20:00Z"})
    for day in (1, 2, 3):
        store.history.add({
            "game": "freunde" if day == 2 else "trek12", "finished": f"2026-02-0{day}T20:00:00Z",
            "title": f"Game {day}",
            "players": [{"id": ann.id, "name": "Ann", "score": 60 + day, "winner": day != 2},
                        {"id": gone.id, "name": "Carla", "score": 70 if day == 2 else 55,
                         "winner": day == 2},
                        {"id": None, "name": "Max", "score": 40, "winner": False}],
            "detail": {"lines": [day, 2 * day], "note": "Zeltplatz über dem Grat"},
            "session": {"setup": {"sheet": "dunai"}, "actions": [{"dice": [day, 6]}]},
        })
    store.table("hall_of_fame").insert({"id": "dunai-1", "sheet": "dunai", "name": "Ann", "score": 81})
    return {"ann": ann, "bob": bob, "gone": gone}


def test_export_import_round_trip_is_exact(store):
    with open_store(memory=True) as source:
        fill(source)
        original = source.export_all()
    assert original["format"] == BACKUP_FORMAT and original["version"] == BACKUP_VERSION
    assert json.loads(json.dumps(original)) == original  # plain JSON all the way down
    report = store.import_all(copy.deepcopy(original))
    assert report.added == {"players": 3, "settings": 2, "sessions": 1, "history": 3, "hall_of_fame": 1}
    assert str(report) == ("added 3 players, 2 settings, 1 game in progress, 3 finished games, "
                           "1 Hall of Fame record")
    assert store.export_all() == original


def test_the_round_trip_survives_reopening_the_folder(tmp_data_dir):
    with open_store(memory=True) as source:
        fill(source)
        original = source.export_all()
    with open_store(tmp_data_dir) as target:
        target.import_all(original)
    with open_store(tmp_data_dir) as reopened:
        assert reopened.export_all() == original
        assert reopened.notices == []


def test_importing_the_same_backup_again_adds_nothing(store):
    fill(store)
    doc = store.export_all()
    report = store.import_all(doc)
    assert report.total_added == 0
    # Said record by record: "10 already here" did not say 10 of what.
    assert str(report) == ("nothing new to add; already on this device, unchanged: 3 players, 2 settings, "
                           "1 game in progress, 3 finished games, 1 Hall of Fame record")
    assert store.export_all() == doc


def test_a_merge_adds_only_what_is_new_and_keeps_local_changes(store):
    with open_store(memory=True) as other:
        fill(other)
        doc = other.export_all()
    store.import_all(doc)
    ann_id = store.players.find("Ann").id
    store.players.rename(ann_id, "Annie")          # a local change the backup must not undo
    doc["history"].append({**doc["history"][0], "id": "9" * 32, "title": "Later"})
    report = store.import_all(doc)
    assert report.added["history"] == 1 and report.skipped["history"] == 3
    assert report.added["players"] == 0
    assert store.players.get(ann_id).name == "Annie"
    assert store.history.count() == 4
    # Ann is named otherwise in the backup: not "unchanged", but kept as she is here, and said so.
    assert report.kept == {"players": 1}
    assert str(report) == ("added 1 finished game; already on this device, unchanged: 2 players, 2 settings, "
                           "1 game in progress, 3 finished games, 1 Hall of Fame record; different in the "
                           "backup, kept as they are here: 1 player")


def test_records_the_backup_holds_otherwise_are_counted_as_kept_not_unchanged(store):
    fill(store)
    doc = store.export_all()
    doc["history"][0] = {**doc["history"][0], "title": "Renamed in the backup"}
    doc["settings"] = {**doc["settings"], "theme": "light"}
    doc["sessions"][0] = {**doc["sessions"][0], "title": "Another title"}
    before = store.export_all()
    report = store.import_all(doc)
    assert report.total_added == 0 and report.kept == {"settings": 1, "sessions": 1, "history": 1}
    assert str(report) == ("nothing new to add; already on this device, unchanged: 3 players, 1 setting, "
                           "2 finished games, 1 Hall of Fame record; different in the backup, kept as they are "
                           "here: 1 setting, 1 game in progress, 1 finished game")
    assert store.export_all() == before


def test_a_game_in_progress_that_does_not_replay_is_refused_and_nothing_changes(store):
    # A backup edited by hand put a move onto circle 999: the game came in, and nobody could open it.
    with open_store(memory=True) as other:
        fill(other)
        doc = other.export_all()
    doc["sessions"][0]["actions"][1]["circle"] = 999
    store.players.add("Zoe")
    before = store.export_all()
    with pytest.raises(InvalidInput, match=r"sessions\[0\] \(id '5{32}'\): the saved game 'Kagkot' cannot be "
                                           r"replayed \(action 2\): .*999"):
        store.import_all(copy.deepcopy(doc))
    assert store.export_all() == before
    # An entry of a shape no engine expects is refused the same way, not a crash of the import.
    doc["sessions"][0]["actions"][1] = {"dice": [[3], 5], "op": {}, "circle": 8}
    with pytest.raises(InvalidInput, match=r"sessions\[0\] .*the saved game 'Kagkot' cannot be replayed"):
        store.import_all(copy.deepcopy(doc))
    assert store.export_all() == before
    doc["sessions"][0]["actions"][1] = {"dice": [3, 5], "op": "product", "circle": 8, "player": 1}
    # Nor is a setup whose own data is bad (a 14ers game carries its card catalog).
    bad_catalog = {**doc["sessions"][0], "id": "7" * 32, "game": "fourteeners", "title": "Peaks",
                   "setup": {"players": [{"name": "Ann"}], "catalog": {"format": "nope"}}, "actions": [], "redo": []}
    with pytest.raises(InvalidInput, match=r"sessions\[1\] .*the saved game 'Peaks' cannot be replayed: catalog"):
        store.import_all({**copy.deepcopy(doc), "sessions": [copy.deepcopy(doc["sessions"][0]), bad_catalog]})
    assert store.export_all() == before
    # An undone move is held to what opening the game asks: it need not replay (Redo refuses it then).
    doc["sessions"][0]["redo"][0]["circle"] = 999
    store.import_all(copy.deepcopy(doc))
    from companion.sessions import SessionKeeper
    assert SessionKeeper(store).state("5" * 32).round == 2
    # A game this device has already is kept as it is here, whatever the backup holds of it: not replayed.
    doc["sessions"][0]["actions"][1]["circle"] = 999
    said = str(store.import_all(copy.deepcopy(doc)))
    assert "kept as they are here: " in said and said.endswith("1 game in progress")


def test_a_name_clash_with_a_different_player_is_renamed_not_merged(store):
    local_ann = store.players.add("Ann")
    with open_store(memory=True) as other:
        fill(other)
        doc = other.export_all()
    report = store.import_all(doc)
    assert report.renamed == (("Ann", "Ann (2)"),)
    # Said in words, not with an arrow: the font the app ships has no arrow, which showed as an empty box.
    assert "renamed to keep names unique: Ann as Ann (2)" in str(report)
    names = sorted(p.name for p in store.players.list())
    assert names == ["Ann", "Ann (2)", "Bob"]
    assert store.players.get(local_ann.id).name == "Ann"
    # Two people both called Ann on this device: they are told apart by colour too, wherever a dot shows them.
    colours = [p.colour for p in store.players.list()]
    assert len(set(colours)) == len(colours)
    # The same file again: Ann (2), renamed and recoloured by the first import, is as that import made her, not
    # "different in the backup".
    again = store.import_all(copy.deepcopy(doc))
    assert again.total_added == 0 and "players" not in {k for k, n in again.kept.items() if n}, str(again)
    # Renamed on the other device since ("Anna", which "Ann (2)" also starts like), she is different, and said;
    # and a name here that only looks numbered ("Ann (²)") is compared, not read as a number.
    renamed = [{**p, "name": "Anna"} if p["name"] == "Ann" else p for p in doc["players"]]
    assert store.import_all({**copy.deepcopy(doc), "players": renamed}).kept.get("players") == 1
    second = next(p for p in store.players.list() if p.name == "Ann (2)")
    store.players.rename(second.id, "Ann (\u00b2)")
    assert store.import_all(copy.deepcopy(doc)).kept.get("players") == 1


def test_a_player_from_another_device_with_a_colour_taken_here_gets_a_colour_no_one_has(store):
    # Every device gives its first player the palette's first colour: a friend's Zoe arrived in Ann's colour,
    # and the two could not be told apart on a sheet or a chart.
    ann = store.players.add("Ann")
    with open_store(memory=True) as other:
        zoe = other.players.add("Zoe")
        bob = other.players.add("Bob", colour="#123456")
        assert zoe.colour == ann.colour
        doc = other.export_all()
    report = store.import_all(doc)
    assert report.recoloured == ("Zoe",) and report.renamed == ()
    assert store.players.get(zoe.id).colour not in (ann.colour, "#123456")
    assert store.players.get(bob.id).colour == "#123456"  # a colour no one here had is kept
    assert store.players.get(ann.id).colour == ann.colour
    assert "given a colour no one here has: Zoe" in str(report)
    assert not store.import_all(copy.deepcopy(doc)).kept.get("players")      # as the first import made her
    # A colour changed on the other device since is a difference, and said.
    doc["players"] = [{**p, "colour": "#654321"} if p["id"] == zoe.id else p for p in doc["players"]]
    assert store.import_all(doc).kept.get("players") == 1


def test_a_backup_restored_into_an_empty_folder_keeps_every_colour_it_had(store):
    # Colours are changed only where they clash with this device's players: two of the backup's own players in
    # one colour (chosen so) came back with one of them recoloured, and the restore was not the backup.
    with open_store(memory=True) as other:
        ann = other.players.add("Ann", colour="#123456")
        bob = other.players.add("Bob", colour="#123456")
        doc = other.export_all()
    report = store.import_all(doc)
    assert report.recoloured == ()
    assert [store.players.get(p.id).colour for p in (ann, bob)] == ["#123456", "#123456"]


def test_a_recoloured_newcomer_takes_no_colour_another_newcomer_brings(store):
    # Zoe clashes with Ann here; the first free colour is the one Cy brings: she must not take it.
    ann = store.players.add("Ann")
    with open_store(memory=True) as other:
        zoe = other.players.add("Zoe")
        cy = other.players.add("Cy", colour=PALETTE[1])
        doc = other.export_all()
    store.import_all(doc)
    colours = [store.players.get(p.id).colour for p in (ann, zoe, cy)]
    assert colours[2] == PALETTE[1] and len(set(colours)) == 3


def test_a_session_already_finished_here_is_not_brought_back(store):
    with open_store(memory=True) as other:
        fill(other)
        doc = other.export_all()
    finished = dict(doc["history"][0], id=doc["sessions"][0]["id"])
    store.import_all({"format": BACKUP_FORMAT, "version": 1, "players": doc["players"], "history": [finished]})
    report = store.import_all(doc)
    assert report.skipped["sessions"] == 1
    assert store.sessions.list() == []
    # Finished here since: not "unchanged", this device's newer state of the game is kept.
    assert report.kept.get("sessions") == 1 and "kept as they are here: 1 game in progress" in str(report)


GAME = "5" * 32      # fill's game in progress


def shared_game(store, **phone_tables) -> dict:
    """The game in progress on both devices, nothing undone on either; the phone then plays one more move
    (keeping `phone_tables`: {table: doc}) and backs up: that backup."""
    from companion.sessions import SessionKeeper

    with open_store(memory=True) as phone:
        fill(phone)
        keeper = SessionKeeper(phone)
        keeper.redo(GAME)                                   # 3 entries, nothing left to redo
        store.import_all(phone.export_all())
        keeper.act(GAME, {"dice": [1, 1], "op": "lower", "circle": 4, "player": 1})
        for table, doc in phone_tables.items():
            phone.table(table).upsert(doc)
        return phone.export_all()


def test_a_game_the_backup_has_played_further_is_brought_forward_and_the_import_undone_puts_it_back(store):
    # A game begun here went on on a phone, which backed it up: importing that backup took nothing of the
    # later moves ("different in the backup, kept as they are here") and the moves played there were lost.
    from companion.sessions import SessionKeeper

    later = shared_game(store)
    assert len(later["sessions"][0]["actions"]) == 4
    report = store.import_all(copy.deepcopy(later))
    assert report.forward == 1 and "sessions" not in report.kept
    assert "1 game in progress brought up to the backup's later moves" in str(report)
    # Asked before an earlier import is taken back, what that takes back: the game put back as it was here
    # (the question said "what that import added: —").
    assert str(report.changed_words()) == "1 game in progress brought up to the backup's later moves"
    assert store.sessions.get(GAME) == later["sessions"][0]
    assert SessionKeeper(store).state(GAME).round == 3              # both wrote in round 2
    store.undo_import(report.undo)                               # one tap takes it back, as any import
    assert len(store.sessions.get(GAME)["actions"]) == 3
    # A backup behind this device, or gone another way, is kept as it is here.
    behind = copy.deepcopy(later)
    behind["sessions"][0]["actions"] = behind["sessions"][0]["actions"][:2]
    report = store.import_all(behind)
    assert report.forward == 0 and report.kept.get("sessions") == 1
    other_way = copy.deepcopy(later)
    other_way["sessions"][0]["actions"][1]["circle"] = 7
    report = store.import_all(other_way)
    assert report.forward == 0 and report.kept.get("sessions") == 1
    assert len(store.sessions.get(GAME)["actions"]) == 3


def test_a_game_brought_forward_must_replay_and_one_being_corrected_here_stays(store):
    from companion.sessions import SessionKeeper

    later = shared_game(store)
    broken = copy.deepcopy(later)
    broken["sessions"][0]["actions"][3]["circle"] = 999
    before = store.export_all()
    with pytest.raises(InvalidInput, match=r"cannot be replayed \(action 4\): .*999"):
        store.import_all(broken)
    assert store.export_all() == before
    # A correction under way here: the game is left as it is until it is confirmed or cancelled.
    SessionKeeper(store).begin_correction(GAME, 0)
    report = store.import_all(copy.deepcopy(later))
    assert report.forward == 0 and report.kept.get("sessions") == 1
    assert len(store.sessions.get(GAME)["actions"]) == 3


def test_a_game_brought_forward_respects_what_this_device_did_with_it(store):
    from companion.sessions import SessionKeeper
    from companion.store.layout import DRAFTS_TABLE

    later = shared_game(store, **{DRAFTS_TABLE: {"id": GAME, "form": "turn", "mark": [1], "draft": {"red": 3}}})
    keeper = SessionKeeper(store)
    # A move undone here since the phone took the game: this device went its own way, kept as it is here
    # (bringing the phone's moves would bring back the move undone).
    keeper.undo(GAME)
    report = store.import_all(copy.deepcopy(later))
    assert report.forward == 0 and len(store.sessions.get(GAME)["actions"]) == 2
    keeper.redo(GAME)
    # Brought forward, the game's half-filled form comes along (this device had none for it).
    report = store.import_all(copy.deepcopy(later))
    assert report.forward == 1 and store.table(DRAFTS_TABLE).get(GAME)["draft"] == {"red": 3}
    assert "kept as they are here" not in str(report)
    # A correction begun since on the game brought forward: undoing the import would leave it correcting
    # entries the game no longer has, so it says so and changes nothing.
    keeper.begin_correction(GAME, 3)
    with pytest.raises(InvalidInput, match=r"a correction of 'Kagkot', which it brought, was begun since"):
        store.undo_import(report.undo)
    assert len(store.sessions.get(GAME)["actions"]) == 4
    keeper.cancel_correction(GAME)
    store.undo_import(report.undo)
    assert len(store.sessions.get(GAME)["actions"]) == 3
    # A correction record left by another state of the game (the keeper ignores it) does not hold it back.
    keeper.begin_correction(GAME, 0)
    store.table("corrections").upsert({**store.table("corrections").get(GAME), "original": []})
    report = store.import_all(copy.deepcopy(later))
    assert report.forward == 1


def test_a_form_half_filled_in_for_a_game_already_here_is_not_said_unchanged(store):
    from companion.store.layout import DRAFTS_TABLE

    fill(store)
    doc = store.export_all()
    game = doc["sessions"][0]["id"]
    doc.setdefault("tables", {})[DRAFTS_TABLE] = [{"id": game, "form": "hand", "mark": [-1, 0], "draft": {}}]
    report = store.import_all(doc)
    assert store.table(DRAFTS_TABLE).all() == []        # it comes only with its game, which is here already
    assert report.kept.get(DRAFTS_TABLE) == 1 and "unchanged: 3 players" in str(report)
    assert "form half filled in" not in str(report).split("different in the backup")[0]


def test_a_form_left_by_a_game_no_longer_in_progress_is_neither_backed_up_nor_said_kept(store):
    # A finished game's half-filled form, left by an older version, went into the backup; imported on an empty
    # device it was said to be "different in the backup, kept as they are here", a form the device never had.
    from companion.store.layout import DRAFTS_TABLE

    fill(store)
    finished = store.history.list()[0]["id"]
    store.table(DRAFTS_TABLE).insert({"id": finished, "form": "tableau", "mark": [-1, 3], "draft": {"seat": 1}})
    store.table(DRAFTS_TABLE).insert({"id": GAME, "form": "turn", "mark": [-1, 2], "draft": {"red": 3}})
    doc = store.export_all()
    assert [d["id"] for d in doc["tables"][DRAFTS_TABLE]] == [GAME]     # only the game in progress's form
    # A backup made before (the finished game's form in it) says nothing of that form either way.
    doc["tables"][DRAFTS_TABLE].insert(0, {"id": finished, "form": "tableau", "mark": [-1, 3],
                                           "draft": {"seat": 1}})
    with open_store(memory=True) as empty:
        report = empty.import_all(copy.deepcopy(doc))
        assert [d["id"] for d in empty.table(DRAFTS_TABLE).all()] == [GAME]
        assert "kept as they are here" not in str(report) and "unchanged" not in str(report)
        assert "1 form half filled in" in str(report)


# -- bad files change nothing -------------------------------------------------------------------------------


def sample() -> dict:
    with open_store(memory=True) as source:
        fill(source)
        return source.export_all()


def corrupt(path: str, value):
    """A sample backup with the value at a dotted path (list indexes as numbers) replaced."""
    doc = sample()
    *parents, last = [int(p) if p.isdigit() else p for p in path.split(".")]
    target = doc
    for part in parents:
        target = target[part]
    target[last] = value
    return doc


def without(path: str):
    doc = sample()
    *parents, last = [int(p) if p.isdigit() else p for p in path.split(".")]
    target = doc
    for part in parents:
        target = target[part]
    del target[last]
    return doc


HOSTILE = [
    ("not an object", lambda: [1, 2], "not a companion backup .the file holds .1, 2., not an object.$"),
    # JSON's words, as the file has them: "the file holds None" spoke Python to someone reading their file.
    ("null", lambda: None, "not a companion backup .the file holds null, not an object.$"),
    ("list of nulls", lambda: [None, True], r"not a companion backup .the file holds \[null, true\], not an object.$"),
    ("winner as null", lambda: corrupt("history.0.players.0.winner", None),
     r"'players\[0\].winner' must be true or false, not null"),
    ("foreign format", lambda: corrupt("format", "trek12-sheet"), "its format is 'trek12-sheet'"),
    ("no format", lambda: without("format"), 'a backup starts with "format": "companion-backup"'),
    ("null format", lambda: corrupt("format", None), 'a backup starts with "format": "companion-backup"'),
    ("a 14ers catalog", lambda: {"format": "fourteeners-catalog", "version": 1, "cards": []},
     "this is a 14ers card catalog, not a backup; import it under 14ers, Cards, Share"),
    ("newer version", lambda: corrupt("version", 2), "version 2, made by a newer companion"),
    ("version as text", lambda: corrupt("version", "1"), "not a version number"),
    ("unknown section", lambda: corrupt("extras", {}), "'extras' is not a known section"),
    ("section of wrong type", lambda: corrupt("history", {}), "'history' must be a list"),
    ("score as text", lambda: corrupt("history.1.players.0.score", "61"),
     r"history\[1\] .*'players\[0\].score' must be a whole"),
    ("winner as number", lambda: corrupt("history.0.players.0.winner", 1),
     r"'players\[0\].winner' must be true or false"),
    ("huge string", lambda: corrupt("history.2.detail.note", "x" * 10_001), r"'detail.note' is 10,001 characters"),
    ("huge name", lambda: corrupt("players.0.name", "A" * 5000), r"players\[0\] .*'name'.*at most 40"),
    ("unknown record field", lambda: corrupt("players.1.admin", True), r"players\[1\] .*'admin' is not a known field"),
    ("unknown player field", lambda: corrupt("history.0.players.0.rank", 1),
     r"'players\[0\].rank' is not a known field"),
    ("path in an id", lambda: corrupt("history.0.id", "../../etc/passwd"), r"history\[0\] .*'id' must be a record id"),
    ("short id", lambda: corrupt("players.0.id", "abc"), r"players\[0\] .*'id' must be a record id"),
    ("missing field", lambda: without("sessions.0.redo"), r"sessions\[0\] .*'redo' is missing"),
    ("unknown game", lambda: corrupt("sessions.0.game", "chess"),
     r"'game' names a game this companion does not know, 'chess'; it knows Trek 12: Himalaya, "),
    ("naive time", lambda: corrupt("history.0.finished", "2026-02-01 20:00"), r"'finished'.*time zone"),
    ("NaN", lambda: corrupt("history.0.detail.lines", [float("nan")]), r"'detail.lines\[0\]' is nan"),
    ("deep nesting", lambda: corrupt("history.0.detail.deep", json.loads("[" * 40 + "]" * 40)), "nested more than 32"),
    ("bad colour", lambda: corrupt("players.0.colour", "javascript:alert(1)"), r"'colour' must be a colour"),
    ("bad setting", lambda: corrupt("settings.theme", "neon"), "system, light, dark"),
    ("bad table name", lambda: corrupt("tables.players", []), "not a table name"),
    ("bad table doc id", lambda: corrupt("tables.hall_of_fame.0.id", "a b"), r"tables.hall_of_fame\[0\]"),
    ("duplicate id", lambda: _duplicate_ids(), r"history\[1\]: id .* is already used by history\[0\]"),
    ("unknown player", lambda: corrupt("history.0.players.0.id", "e" * 32), "neither in the backup nor on this device"),
    # A seat of a game's setup names its player too: finished, the game's record takes its ids from there.
    ("unknown seat", lambda: _seat_of_nobody(),
     r"sessions\[0\] .*'setup.players\[0\].id' names player 'e+', who is neither"),
    ("twin names", lambda: corrupt("players.1.name", "ann"),
     "“Ann” and “ann” are both current players with the same name"),
]


def _seat_of_nobody():
    doc = sample()
    doc["sessions"][0]["setup"]["players"] = [{"id": "e" * 32, "name": "Ghost"}, {"id": None, "name": "Max"}]
    return doc


def _duplicate_ids():
    doc = sample()
    doc["history"][1]["id"] = doc["history"][0]["id"]
    return doc


@pytest.mark.parametrize("label, make, message", HOSTILE, ids=[h[0] for h in HOSTILE])
def test_a_bad_backup_is_refused_naming_the_problem_and_changes_nothing(store, label, make, message):
    doc = make()
    fill(store)
    before = store.export_all()
    files_before = _files(store.data_dir)
    with pytest.raises(InvalidInput, match=message):
        store.import_all(doc)
    assert store.export_all() == before
    assert _files(store.data_dir) == files_before


def test_an_error_late_in_the_file_changes_nothing_from_earlier_sections(store):
    doc = sample()
    doc["tables"]["hall_of_fame"][0]["score"] = "x" * 20_000
    with pytest.raises(InvalidInput, match="hall_of_fame"):
        store.import_all(doc)
    assert store.players.list() == [] and store.history.count() == 0


def test_the_command_line_refuses_a_truncated_backup_and_changes_nothing(tmp_data_dir, tmp_path, capsys):
    from companion.cli import main

    with open_store(tmp_data_dir) as first:
        fill(first)
        before = first.export_all()
    backup = tmp_path / "backup.json"
    assert main(["export", str(backup), "--data-dir", str(tmp_data_dir)]) == 0
    assert json.loads(backup.read_text()) == before
    text = backup.read_text()
    backup.write_text(text[: len(text) // 2])
    capsys.readouterr()
    assert main(["import", str(backup), "--data-dir", str(tmp_data_dir)]) == 2
    assert "not valid JSON" in capsys.readouterr().err
    with open_store(tmp_data_dir) as after:
        assert after.export_all() == before


def test_the_command_line_imports_a_backup_saved_as_utf16_as_settings_does(tmp_data_dir, tmp_path, capsys):
    # Saved as "Unicode" by Windows Notepad: Settings imported it, the command line said "is not a UTF-8 text
    # file". UTF-32 is refused by both (its mark begins as UTF-16's).
    from companion.cli import main

    with open_store(tmp_path / "elsewhere") as first:
        fill(first)
        before = first.export_all()
    notepad = tmp_path / "notepad.json"
    notepad.write_bytes(json.dumps(before).encode("utf-16"))
    wide = tmp_path / "wide.json"
    wide.write_bytes(json.dumps(before).encode("utf-32"))
    assert main(["import", str(wide), "--data-dir", str(tmp_data_dir)]) == 2
    assert "is not a UTF-8 text file" in capsys.readouterr().err
    assert main(["import", str(notepad), "--data-dir", str(tmp_data_dir)]) == 0
    with open_store(tmp_data_dir) as after:
        assert after.export_all()["history"] == before["history"]


def _files(folder: Path | None) -> dict[str, bytes]:
    if folder is None:
        return {}
    # Every file, those in history/ too (one per month of finished games)
    return {p.relative_to(folder).as_posix(): p.read_bytes() for p in folder.rglob("*")
            if p.is_file() and p.name != "companion.lock"}


def test_the_report_names_every_table_the_app_keeps_in_words():
    # A backup of a well-used device: the report says what came in as a player reads it, never a table name.
    from companion.store.backup import ImportReport
    from companion.store.hall_of_fame import ENVELOPE_TABLE, HALL_TABLE
    from companion.store.layout import CORRECTIONS_TABLE, REOPENED_TABLE
    from companion.ui.expedition.sheets import SHEET_TABLE
    from companion.ui.fourteeners.catalog import CATALOG_TABLE
    from companion.ui.trek12.coaching import COACH_TABLE

    from companion.store.folder import what_file_holds
    from companion.store.layout import DRAFTS_TABLE, SESSION_TABLES, table_file
    from companion.ui.common import registry

    tables = (HALL_TABLE, ENVELOPE_TABLE, CORRECTIONS_TABLE, REOPENED_TABLE, COACH_TABLE, SHEET_TABLE, CATALOG_TABLE,
              DRAFTS_TABLE)
    report = ImportReport(added={name: 2 for name in tables})
    said = str(report)
    assert said == ("added 2 Hall of Fame records, 2 opened Challenge envelopes, 2 corrections under way, "
                    "2 games taken back from History, 2 coach hint settings and reviews, "
                    "2 Expedition Ascent sheets, 2 14ers card catalogs, 2 forms half filled in")
    # A table that a newer version keeps is still counted, by its name.
    assert str(ImportReport(added={"summit_photos": 1})) == "added 1 summit_photos record"
    # Every table the app keeps beside its games is also named in words where its earlier copies are listed.
    registry.discover_game_screens()
    kept = set(tables) | set(SESSION_TABLES) | {beside.table for beside in registry._BESIDE}
    for name in kept:
        assert str(ImportReport(added={name: 1})) != f"added 1 {name} record", name
        assert str(what_file_holds(table_file(name))) != f"the {name.replace('_', ' ')} records", name


def test_the_lan_join_code_stays_on_its_device(store):
    # A kept join code admits devices at every start: a backup must neither carry it to another computer
    # nor let a file (chosen by any device that joined) set it here.
    from companion.server.lan import CODE_SETTING

    with open_store(memory=True) as source:
        source.settings.set(CODE_SETTING, "12345678")
        source.settings.set("theme", "dark")
        exported = source.export_all()
    assert exported["settings"] == {"theme": "dark"}
    report = store.import_all({"format": BACKUP_FORMAT, "version": BACKUP_VERSION,
                               "settings": {CODE_SETTING: "77777777", "theme": "light"}})
    assert store.settings.get(CODE_SETTING) is None and store.settings.get("theme") == "light"
    assert str(report) == "added 1 setting"


def test_a_friends_backup_leaves_this_devices_language_alone(store):
    # A French phone following its system language imported a Polish friend's backup: the whole app turned
    # Polish. The language is the choice of whoever holds the device.
    with open_store(memory=True) as friend:
        friend.settings.set("language", "pl")
        exported = friend.export_all()
    assert "language" not in exported.get("settings", {})
    report = store.import_all({"format": BACKUP_FORMAT, "version": BACKUP_VERSION, "settings": {"language": "pl"}})
    assert store.settings.get("language") is None and report.total_added == 0


def test_a_browsers_warning_dismissed_stays_with_that_browser(store):
    # "This browser may clear your games", dismissed in one browser, is still owed to another that imports
    # its backup: whether a browser keeps the data is that browser's.
    from companion.store.layout import STORAGE_WARNING_SETTING

    with open_store(memory=True) as source:
        source.settings.set(STORAGE_WARNING_SETTING, "dismissed")
        exported = source.export_all()
    assert STORAGE_WARNING_SETTING not in exported.get("settings", {})
    store.import_all({"format": BACKUP_FORMAT, "version": BACKUP_VERSION,
                      "settings": {STORAGE_WARNING_SETTING: "dismissed"}})
    assert store.settings.get(STORAGE_WARNING_SETTING) is None


@pytest.mark.parametrize("language", [["fr"], {"x": 1}, "klingon", 3])
def test_a_language_setting_the_app_cannot_use_is_refused_and_changes_nothing(store, language):
    before = store.export_all()
    with pytest.raises(InvalidInput, match="language"):
        store.import_all({"format": BACKUP_FORMAT, "version": BACKUP_VERSION, "players": [],
                          "settings": {"language": language, "theme": "dark"}})
    assert store.export_all() == before
    with pytest.raises(InvalidInput):
        store.settings.set("language", language)
    store.settings.set("language", "pl")
    assert store.settings.get("language") == "pl"


@pytest.mark.parametrize("saved", [["fr"], {"x": 1}, "klingon", None])
def test_the_app_opens_in_the_devices_language_whatever_an_older_file_saved(saved):
    # Saved before the check above existed, any value: the app must still open (it reads it on every screen).
    from types import SimpleNamespace

    from companion.i18n import SYSTEM
    from companion.ui.common.services import Shell

    settings = SimpleNamespace(get=lambda key, default=None: saved)
    assert Shell(store=SimpleNamespace(settings=settings), keeper=None).language_setting() == SYSTEM


def test_a_backups_card_catalog_kept_out_by_this_devices_own_is_said(store):
    from companion.ui.fourteeners.catalog import CATALOG_ID, CATALOG_TABLE

    store.table(CATALOG_TABLE).insert({"id": CATALOG_ID, "catalog": {"cards": ["mine"]}})
    report = store.import_all({"format": BACKUP_FORMAT, "version": BACKUP_VERSION,
                               "tables": {CATALOG_TABLE: [{"id": CATALOG_ID, "catalog": {"cards": ["theirs"]}}]}})
    assert "14ers card catalog was kept" in str(report) and "Cards, Share" in str(report)
    assert store.table(CATALOG_TABLE).get(CATALOG_ID)["catalog"] == {"cards": ["mine"]}


def test_an_import_is_undone_whole_and_leaves_this_device_as_it_was(store, tmp_data_dir):
    local_ann = store.players.add("Ann")
    store.history.add({"game": "trek12", "finished": "2026-01-10T20:00:00Z", "title": "Ours",
                       "players": [{"id": local_ann.id, "name": "Ann", "score": 50, "winner": True}],
                       "detail": {}, "session": None})
    before = store.export_all()
    files = _files(tmp_data_dir if store.data_dir is not None else None)
    with open_store(memory=True) as other:
        fill(other)
        other.table("drafts").insert({"id": "5" * 32, "form": "hand", "mark": [-1, 2], "draft": {}})
        doc = other.export_all()
    report = store.import_all(doc)
    assert store.players.find("Ann (2)") is not None and store.history.count() == 4
    store.undo_import(report.undo)
    assert store.export_all() == before
    assert store.players.find("Ann (2)") is None and store.history.count() == 1
    # On disk too: the month the import brought games into for the first time holds none again.
    if store.data_dir is not None:
        def months(names):
            return {name for name in names if name.startswith("history/2026-") and name.endswith(".json")}
        assert months(_files(store.data_dir)) == months(files) == {"history/2026-01.json"}
    # The same file can be imported again afterwards.
    assert store.import_all(doc).added["history"] == 3


def test_an_import_is_not_undone_once_a_game_names_a_player_it_brought():
    # The undo checked only the files the import wrote: a game begun since with an imported player stayed,
    # naming a player no longer on the roster, and every later backup of the device was refused.
    from companion.sessions import SessionKeeper

    with open_store(memory=True) as other:
        other.players.add("Ann")
        doc = other.export_all()
    for save_a_game in ("begun", "finished"):
        with open_store(memory=True) as store:
            store.players.add("Zed")
            report = store.import_all(doc)
            ann = store.players.find("Ann")
            if save_a_game == "begun":
                SessionKeeper(store).start("trek12", {"sheet": "dunai", "players": [{"id": ann.id, "name": "Ann"}]},
                                           [ann.id], "Dunai")
            else:
                store.history.add({"game": "trek12", "finished": "2025-03-10T20:00:00Z", "title": "Dunai",
                                   "players": [{"id": ann.id, "name": "Ann", "score": 50, "winner": True}],
                                   "detail": {}, "session": None})
            after = store.export_all()
            with pytest.raises(InvalidInput, match="cannot be undone any more: a game saved since names Ann, whom "
                                                   "it brought"):
                store.undo_import(report.undo)
            assert store.export_all() == after
        with open_store(memory=True) as fresh:            # and the device's backup can still be imported
            fresh.import_all(after)


def test_an_import_is_not_undone_once_something_was_saved_after_it(store):
    with open_store(memory=True) as other:
        fill(other)
        doc = other.export_all()
    report = store.import_all(doc)
    store.players.add("Dan")            # saved after the import, in the file the import changed
    after = store.export_all()
    with pytest.raises(InvalidInput, match="cannot be undone any more: the record of players and settings"):
        store.undo_import(report.undo)
    assert store.export_all() == after


def _finished_record(game: str, players: list[dict], detail: dict) -> dict:
    return {"id": "a" * 32, "game": game, "finished": "2026-02-01T20:00:00Z", "title": "Edited", "players": players,
            "detail": detail, "session": None}


def _seat(name: str, score: int, winner: bool) -> dict:
    return {"id": None, "name": name, "score": score, "winner": winner}


EDITED = [
    ("a Trek 12 score its breakdown does not give",
     _finished_record("trek12", [_seat("Ann", 9999, True), _seat("Bob", 8, False)],
                      {"scores": [{"name": "Ann", "total": 10}, {"name": "Bob", "total": 8}]}),
     r"history\[0\] \(id 'a{32}'\): Ann's score is 9999, but the game's own breakdown gives 10"),
    ("a Ridgeline fatigue edited below 0",
     _finished_record("ridgeline", [_seat("Ann", -50, True), _seat("Bob", 30, False)],
                      {"standings": [{"name": "Ann", "fatigue": -50}, {"name": "Bob", "fatigue": 30}]}),
     r"Ann's score is -50, below 0, which this game never gives"),
    ("a 14ers score edited apart from its breakdown",
     _finished_record("fourteeners", [_seat("Ann", -50, False), _seat("Bob", 13, True)],
                      {"players": [{"name": "Ann", "total": 3}, {"name": "Bob", "total": 13}]}),
     r"Ann's score is -50, but the game's own breakdown gives 3"),
    ("a Freunde score edited apart from its breakdown",
     _finished_record("freunde", [_seat("Ann", -50, True), _seat("Bob", 10, True)],
                      {"players": [{"name": "Ann", "score": 6}, {"name": "Bob", "score": 10}]}),
     r"Ann's score is -50, but the game's own breakdown gives 6"),
    ("an Expedition's stars apart from its totals",
     _finished_record("expedition", [_seat("Ann", 40, True), _seat("Bob", 10, False)],
                      {"totals": {"Ann": {"stars": 14, "score": 242}, "Bob": {"stars": 10, "score": 233}}}),
     r"Ann's score is 40, but the game's own breakdown gives 14"),
]


@pytest.mark.parametrize("label, record, message", EDITED, ids=[e[0] for e in EDITED])
def test_a_finished_game_that_disagrees_with_itself_is_refused_and_changes_nothing(store, label, record, message):
    # A backup edited by hand came in whole: History showed the header's 9999 and Statistics counted the
    # breakdown's 10, and a fatigue of -50 won the Ridgeline records.
    fill(store)
    before = store.export_all()
    doc = {"format": BACKUP_FORMAT, "version": BACKUP_VERSION, "history": [record]}
    with pytest.raises(InvalidInput, match=message):
        store.import_all(copy.deepcopy(doc))
    assert store.export_all() == before


def test_finished_games_as_each_game_writes_them_come_in():
    # The check holds each game's own records: a shared win, Max ahead in a solo Ascent, Ridgeline's winner by
    # camps over a lower fatigue, an Expedition won on stars.
    records = [
        _finished_record("trek12", [_seat("Ann", 70, True), _seat("Bob", 70, True)],
                         {"scores": [{"name": "Ann", "total": 70}, {"name": "Bob", "total": 70}]}),
        _finished_record("trek12", [_seat("Ann", 40, False), _seat("Max", 52, True)],
                         {"solo": "max", "scores": [{"name": "Ann", "total": 40}, {"name": "Max", "total": 52}]}),
        _finished_record("ridgeline", [_seat("Ann", 30, True), _seat("Bob", 12, False)],
                         {"standings": [{"name": "Ann", "fatigue": 30, "camps_cleared": 5},
                                        {"name": "Bob", "fatigue": 12, "camps_cleared": 4}]}),
        _finished_record("expedition", [_seat("Ann", 14, True), _seat("Bob", 10, False)],
                         {"totals": {"Ann": {"stars": 14, "score": 200}, "Bob": {"stars": 10, "score": 233}}}),
    ]
    for n, record in enumerate(records):
        record["id"] = f"{n + 1:x}" * 32
    with open_store(memory=True) as store:
        store.import_all({"format": BACKUP_FORMAT, "version": BACKUP_VERSION, "history": records})
        assert store.history.count() == len(records)


def test_a_name_twice_in_one_game_is_not_compared_with_its_breakdown():
    # Told apart by name only, two players of one name could not be matched to their breakdowns: their game
    # comes in as it is.
    record = _finished_record("fourteeners", [_seat("Ann", 13, True), _seat("Ann", 3, False)],
                              {"players": [{"name": "Ann", "total": 13}, {"name": "Ann", "total": 3}]})
    with open_store(memory=True) as store:
        store.import_all({"format": BACKUP_FORMAT, "version": BACKUP_VERSION, "history": [record]})
        assert store.history.count() == 1


def test_a_solo_ascent_of_a_player_named_max_comes_back_from_its_own_backup():
    # Trek 12 lets a player be named Max in Free Solo: the record then holds two "Max", the player's score and
    # the opponent's, and the app refused its own backup for "Max's score is 12, but the breakdown gives 50".
    import random

    from companion.games.trek12 import session as trek12
    from companion.games.trek12.rules import ROLLS, legal_actions
    from companion.sessions import SessionKeeper

    rng = random.Random(5)
    with open_store(memory=True) as source:
        named = source.players.add("Max")
        keeper = SessionKeeper(source)
        game = keeper.start("trek12", {"sheet": "dunai", "solo": "max",
                                       "players": [{"id": named.id, "name": "Max"}]}, [named.id], "Dunai")
        table = keeper.state(game.id)
        while not table.complete:
            seat = trek12.current_player(table)
            moves = [m for m in legal_actions(table.states[seat], table.roll or rng.choice(ROLLS))
                     if not m.assists and m.take is None]
            keeper.act(game.id, dict(rng.choice(moves).to_dict(), player=seat))
            table = keeper.state(game.id)
        keeper.finish(game.id)
        [record] = source.history.list()
        assert [p["name"] for p in record["players"]] == ["Max", "Max"]
        doc = source.export_all()
    with open_store(memory=True) as store:
        store.import_all(doc)
        assert store.history.count() == 1


def test_a_game_the_backup_finished_from_where_it_stands_here_is_closed_here(store):
    # The phone played the shared game on to its end; this device still had it in progress as it was, and
    # finishing it here later saved one real game twice (History and Statistics counted it twice).
    from companion.sessions import SessionKeeper
    from companion.store.layout import DRAFTS_TABLE

    later = shared_game(store)
    store.table(DRAFTS_TABLE).upsert({"id": GAME, "form": "turn", "mark": [1], "draft": {"red": 3}})
    played = later["sessions"][0]
    seats = played["setup"]["players"]
    record = {"id": GAME, "game": "trek12", "finished": "2026-03-02T20:00:00Z", "title": "Kagkot",
              "players": [{"id": seats[0]["id"], "name": "Ann", "score": 41, "winner": True},
                          {"id": seats[1]["id"], "name": "Bob", "score": 12, "winner": False}],
              "detail": {}, "session": {"setup": played["setup"], "actions": played["actions"]}}
    finished = {**later, "sessions": [], "history": later["history"] + [record]}
    # Gone another way here (a move undone): left as it is, a game of its own.
    keeper = SessionKeeper(store)
    keeper.undo(GAME)
    report = store.import_all(copy.deepcopy(finished))
    assert report.closed == 0 and store.sessions.get(GAME) is not None
    store.undo_import(report.undo)
    keeper.redo(GAME)
    report = store.import_all(copy.deepcopy(finished))
    assert report.closed == 1 and store.sessions.get(GAME) is None
    assert store.history.get(GAME)["players"][0]["score"] == 41
    assert store.table(DRAFTS_TABLE).get(GAME) is None            # its half-filled turn goes with it
    assert "1 game in progress finished in the backup, moved to History" in str(report)
    # One game, said once (not "1 finished game, 1 game in progress finished in the backup").
    assert str(report.changed_words()) == "1 game in progress finished in the backup, moved to History"
    assert str(report).startswith("1 game in progress finished in the backup, moved to History; ")
    # Undone, the game is in progress here again, as it was.
    store.undo_import(report.undo)
    assert len(store.sessions.get(GAME)["actions"]) == 3 and store.history.get(GAME) is None
    assert store.table(DRAFTS_TABLE).get(GAME)["draft"] == {"red": 3}
    # The backup has it in progress too (taken back from History there): brought forward, not closed.
    both = copy.deepcopy({**finished, "sessions": later["sessions"]})
    report = store.import_all(both)
    assert report.closed == 0 and report.forward == 1 and store.sessions.get(GAME) is not None
    store.undo_import(report.undo)
    # Being corrected here: left as it is.
    keeper.begin_correction(GAME, 0)
    report = store.import_all(copy.deepcopy(finished))
    assert report.closed == 0 and store.sessions.get(GAME) is not None
