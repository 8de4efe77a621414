"""The repositories, each test run on an in-memory and a file-backed store (the `store` fixture)."""

from __future__ import annotations

import pytest

from companion.errors import InvalidInput, StoreError
from companion.store import PALETTE, open_store

ANN_ID = "a" * 32


def history_record(game="trek12", finished="2026-03-01T18:00:00+00:00", players=None, **extra):
    record = {
        "game": game,
        "finished": finished,
        "title": "Dunai",
        "players": players or [{"id": None, "name": "Max", "score": 60, "winner": False}],
        "detail": {"lines": [10, 12]},
        "session": None,
    }
    record.update(extra)
    return record


def session_record(session_id="1" * 32, updated="2026-03-01T18:00:00+00:00", **extra):
    record = {"id": session_id, "game": "ridgeline", "title": "Evening", "setup": {"hands": 3}, "players": [],
              "actions": [{"play": "7H"}], "redo": [], "created": "2026-03-01T17:00:00+00:00", "updated": updated}
    record.update(extra)
    return record


# -- players ------------------------------------------------------------------------------------------------


def test_add_trims_the_name_and_gives_palette_colours_in_order(store):
    ann = store.players.add("  Ann ")
    bob = store.players.add("Bob")
    assert (ann.name, ann.colour, ann.removed) == ("Ann", PALETTE[0], False)
    assert bob.colour == PALETTE[1]
    assert len(ann.id) == 32 and ann.id != bob.id
    assert store.players.get(ann.id) == ann


def test_a_chosen_colour_is_kept_and_the_next_default_skips_it(store):
    store.players.add("Ann", colour=PALETTE[0].upper())
    assert store.players.list()[0].colour == PALETTE[0]
    assert store.players.add("Bob").colour == PALETTE[1]


@pytest.mark.parametrize("name, problem", [
    ("", "must not be empty"),
    ("   ", "must not be empty"),
    ("x" * 41, "at most 40"),
    ("Ann\nBob", "line break"),
    (42, "must be text"),
    ("\u200b", "must not be empty"),              # a zero-width space alone would show as a blank row
    (" \u200b\u2060 ", "must not be empty"),
])
def test_bad_names_are_refused_with_a_reason(store, name, problem):
    with pytest.raises(InvalidInput, match=problem):
        store.players.add(name)
    assert store.players.list() == []


def test_names_are_unique_among_current_players_ignoring_case(store):
    store.players.add("Ann")
    with pytest.raises(InvalidInput, match="already a player called “Ann”"):
        store.players.add(" ANN ")
    assert [p.name for p in store.players.list()] == ["Ann"]


def test_a_name_typed_with_a_separate_accent_is_the_same_name(store):
    # "Zoë" composed (one character) and decomposed (e + combining diaeresis) look the same on every screen.
    zoe = store.players.add("Zoe\u0308")
    assert zoe.name == "Zo\u00eb"
    with pytest.raises(InvalidInput, match="already a player called"):
        store.players.add("Zo\u00eb")
    assert store.players.add("\u200bBo\u200b").name == "Bo"


def test_list_is_by_name_ignoring_case(store):
    for name in ("carla", "Bob", "ann"):
        store.players.add(name)
    assert [p.name for p in store.players.list()] == ["ann", "Bob", "carla"]


def test_rename_and_recolour(store):
    ann = store.players.add("Ann")
    store.players.add("Bob")
    assert store.players.rename(ann.id, "Annika").name == "Annika"
    assert store.players.rename(ann.id, "ANNIKA").name == "ANNIKA"  # its own name in other case is fine
    with pytest.raises(InvalidInput, match="already a player called “Bob”"):
        store.players.rename(ann.id, "bob")
    assert store.players.recolour(ann.id, "#ABCDEF").colour == "#abcdef"
    with pytest.raises(InvalidInput, match="#rrggbb"):
        store.players.recolour(ann.id, "red")
    assert store.players.get(ann.id).name == "ANNIKA"


def test_remove_is_soft_and_frees_the_name(store):
    ann = store.players.add("Ann")
    store.history.add(history_record(players=[{"id": ann.id, "name": "Ann", "score": 70, "winner": True}]))
    store.players.remove(ann.id)
    assert store.players.list() == []
    assert [p.name for p in store.players.list(include_removed=True)] == ["Ann"]
    assert store.players.get(ann.id).removed
    assert store.history.list()[0]["players"][0] == {"id": ann.id, "name": "Ann", "score": 70, "winner": True}
    assert store.players.find(" ann ") is None and store.players.find(" ann ", removed=True).id == ann.id
    second = store.players.add("Ann")
    assert second.id != ann.id
    assert store.players.find("Ann").id == second.id and store.players.find("Ann", removed=True).id == ann.id
    with pytest.raises(InvalidInput, match="removed"):
        store.players.rename(ann.id, "Old Ann")


def test_restore_undoes_a_removal_unless_the_name_was_taken(store):
    ann = store.players.add("Ann")
    store.players.remove(ann.id)
    assert store.players.restore(ann.id).removed is False
    store.players.remove(ann.id)
    store.players.add("ann")
    with pytest.raises(InvalidInput, match="already a player called “ann”"):
        store.players.restore(ann.id)


def test_a_player_brought_back_keeps_a_colour_of_their_own(store):
    """A removed player's colour is free for the next one added; bringing the first back then gave two current
    players one colour, told apart on no sheet or chart. They come back in their colour when it is still free,
    else in one no current player has."""
    zoe = store.players.add("Zoe")
    store.players.remove(zoe.id)
    assert store.players.restore(zoe.id).colour == zoe.colour       # undone at once: nothing changes
    store.players.remove(zoe.id)
    sam = store.players.add("Sam")
    assert sam.colour == zoe.colour                                   # the free colour went to Sam
    back = store.players.restore(zoe.id)
    colours = [p.colour for p in store.players.list()]
    assert back.colour != sam.colour and len(set(colours)) == len(colours)
    assert store.players.get(zoe.id).colour == back.colour


def test_unknown_player_id_is_a_clear_error(store):
    with pytest.raises(InvalidInput, match="no player with id 'nobody'"):
        store.players.get("nobody")


# -- settings -----------------------------------------------------------------------------------------------


def test_settings_get_set_all(store):
    assert store.settings.get("theme", "system") == "system"
    store.settings.set("theme", "dark")
    store.settings.set("dice", {"faces": [1, 2, 3, 4, 5, 6]})
    assert store.settings.get("theme") == "dark"
    assert store.settings.all() == {"theme": "dark", "dice": {"faces": [1, 2, 3, 4, 5, 6]}}
    store.settings.set("theme", "light")
    assert store.settings.get("theme") == "light"
    store.settings.delete("dice")
    assert store.settings.all() == {"theme": "light"}


def test_settings_refuse_bad_values(store):
    with pytest.raises(InvalidInput, match="system, light, dark"):
        store.settings.set("theme", "purple")
    with pytest.raises(InvalidInput, match="JSON"):
        store.settings.set("when", object())
    with pytest.raises(InvalidInput, match="must not be empty"):
        store.settings.set("", 1)
    assert store.settings.all() == {}


def test_returned_values_are_copies(store):
    store.settings.set("dice", {"faces": [1, 2]})
    store.settings.get("dice")["faces"].append(3)
    assert store.settings.get("dice") == {"faces": [1, 2]}
    game_id = store.history.add(history_record())
    store.history.get(game_id)["detail"]["lines"].append(99)
    store.history.list()[0]["players"].clear()
    assert store.history.get(game_id)["detail"] == {"lines": [10, 12]}
    assert len(store.history.get(game_id)["players"]) == 1


def test_values_given_are_copied_too(store):
    detail = {"lines": [1]}
    game_id = store.history.add(history_record(detail=detail))
    detail["lines"].append(2)
    assert store.history.get(game_id)["detail"] == {"lines": [1]}


# -- sessions -----------------------------------------------------------------------------------------------


def test_sessions_save_get_list_delete(store):
    store.sessions.save(session_record("1" * 32, updated="2026-03-01T18:00:00Z"))
    store.sessions.save(session_record("2" * 32, updated="2026-03-02T18:00:00Z"))
    assert [s["id"] for s in store.sessions.list()] == ["2" * 32, "1" * 32]
    # saving again replaces the record wholesale and moves it to the front
    store.sessions.save(session_record("1" * 32, updated="2026-03-03T18:00:00Z", actions=[]))
    assert [s["id"] for s in store.sessions.list()] == ["1" * 32, "2" * 32]
    assert store.sessions.get("1" * 32)["actions"] == []
    assert store.sessions.get("1" * 32)["updated"] == "2026-03-03T18:00:00.000000+00:00"
    store.sessions.delete("1" * 32)
    store.sessions.delete("1" * 32)  # already gone: nothing happens
    assert store.sessions.get("1" * 32) is None
    assert [s["id"] for s in store.sessions.list()] == ["2" * 32]


@pytest.mark.parametrize("change, field", [
    ({"id": "short"}, "'id'"),
    ({"game": "chess"}, "'game'"),
    ({"actions": [1]}, r"'actions\[0\]'"),
    ({"setup": []}, "'setup'"),
    ({"updated": "yesterday"}, "'updated'"),
    ({"updated": "2026-03-01T18:00:00"}, "time zone"),
    ({"colour": "#000000"}, "'colour' is not a known field"),
])
def test_malformed_sessions_are_refused_naming_the_field(store, change, field):
    with pytest.raises(InvalidInput, match=field):
        store.sessions.save(session_record(**change))
    assert store.sessions.list() == []


def test_missing_session_fields_are_named(store):
    record = session_record()
    del record["redo"]
    with pytest.raises(InvalidInput, match="'redo' is missing"):
        store.sessions.save(record)


# -- history ------------------------------------------------------------------------------------------------


def test_history_add_fills_id_and_time_and_lists_newest_first(store):
    first = store.history.add(history_record(finished="2026-03-01T18:00:00Z"))
    second = store.history.add(history_record(finished="2026-03-02T18:00:00+02:00"))
    third = store.history.add(history_record(finished="2026-02-01T10:00:00Z"))
    assert [r["id"] for r in store.history.list()] == [second, first, third]
    assert store.history.get(first)["finished"] == "2026-03-01T18:00:00.000000+00:00"
    record = history_record()
    del record["finished"]
    now_id = store.history.add(record)
    assert store.history.list(limit=1)[0]["id"] == now_id
    assert store.history.count() == 4


def test_history_filters_by_game_and_player_and_pages(store):
    ann, bob = store.players.add("Ann"), store.players.add("Bob")
    ids = []
    for day in range(1, 7):
        players = [{"id": ann.id, "name": "Ann", "score": day, "winner": True}]
        if day % 2 == 0:
            players.append({"id": bob.id, "name": "Bob", "score": 0, "winner": False})
        game = "trek12" if day <= 3 else "freunde"
        ids.append(store.history.add(history_record(game=game, finished=f"2026-03-0{day}T18:00:00Z",
                                                    players=players)))
    newest_first = ids[::-1]
    assert [r["id"] for r in store.history.list(game="trek12")] == newest_first[3:]
    assert [r["id"] for r in store.history.list(player_id=bob.id)] == [ids[5], ids[3], ids[1]]
    assert [r["id"] for r in store.history.list(game="freunde", player_id=bob.id)] == [ids[5], ids[3]]
    assert [r["id"] for r in store.history.list(limit=2, offset=1)] == newest_first[1:3]
    assert store.history.list(limit=0) == []
    assert store.history.count(player_id=bob.id) == 3
    assert store.history.count(game="trek12") == 3
    with pytest.raises(InvalidInput, match="chess"):
        store.history.list(game="chess")
    with pytest.raises(InvalidInput, match="limit"):
        store.history.list(limit=-1)


def test_history_delete_returns_the_record_and_restore_puts_it_back(store):
    kept = store.history.add(history_record(finished="2026-03-01T18:00:00Z"))
    gone = store.history.add(history_record(finished="2026-03-02T18:00:00Z"))
    record = store.history.delete(gone)
    assert record["id"] == gone
    assert [r["id"] for r in store.history.list()] == [kept]
    assert store.history.restore(record) == gone
    assert store.history.restore(record) == gone  # already back: no duplicate
    assert [r["id"] for r in store.history.list()] == [gone, kept]
    assert store.history.get(gone) == record
    with pytest.raises(InvalidInput, match="no game with id"):
        store.history.delete("f" * 32)


def test_history_refuses_duplicates_and_malformed_records(store):
    game_id = store.history.add(history_record())
    with pytest.raises(InvalidInput, match="already holds"):
        store.history.add(history_record(id=game_id))
    bad_score = [{"id": None, "name": "Max", "score": "60", "winner": False}]
    with pytest.raises(InvalidInput, match=r"'players\[0\].score' must be a whole number"):
        store.history.add(history_record(players=bad_score))
    with pytest.raises(InvalidInput, match=r"'players\[0\].stars' is not a known field"):
        store.history.add(history_record(players=[{"name": "Max", "score": 1, "winner": True, "stars": 2}]))
    with pytest.raises(InvalidInput, match="10,000"):
        store.history.add(history_record(detail={"note": "x" * 10_001}))
    assert store.history.count() == 1


# -- general tables -----------------------------------------------------------------------------------------


def test_general_tables(store):
    fame = store.table("hall_of_fame")
    first = fame.insert({"sheet": "dunai", "name": "Ann", "score": 80})
    fame.insert({"id": "kagkot-1", "sheet": "kagkot", "name": "Bob", "score": 75})
    assert fame.get(first) == {"id": first, "sheet": "dunai", "name": "Ann", "score": 80}
    assert [d["id"] for d in fame.find(sheet="kagkot")] == ["kagkot-1"]
    fame.upsert({"id": "kagkot-1", "sheet": "kagkot", "name": "Bob", "score": 77})
    assert fame.get("kagkot-1")["score"] == 77
    assert fame.count() == 2
    with pytest.raises(InvalidInput, match="already holds"):
        fame.insert({"id": "kagkot-1"})
    assert fame.delete("kagkot-1")["score"] == 77
    assert fame.delete("kagkot-1") is None
    assert [d["id"] for d in fame.all()] == [first]
    assert store.table("hall_of_fame") is fame
    assert "hall_of_fame" in store.table_names()


@pytest.mark.parametrize("name", ["history", "players", "Bad-Name", "", "x" * 41, "../up"])
def test_table_names_are_checked(store, name):
    with pytest.raises(InvalidInput, match="table name"):
        store.table(name)


@pytest.mark.parametrize("doc, problem", [
    ({"id": "a/b"}, "'id' must be 1-64"),
    ({"id": 5}, "'id' must be 1-64"),
    ({"id": "ok", "v": float("nan")}, "'v' is nan"),
])
def test_table_documents_are_checked(store, doc, problem):
    with pytest.raises(InvalidInput, match=problem):
        store.table("expeditions").upsert(doc)


# -- lifetime -----------------------------------------------------------------------------------------------


def test_a_closed_store_refuses_to_save(store):
    store.close()
    with pytest.raises(StoreError, match="closed"):
        store.players.add("Ann")
    store.close()  # closing twice is harmless


def test_everything_is_there_after_reopening(tmp_data_dir):
    with open_store(tmp_data_dir) as first:
        ann = first.players.add("Ann")
        first.players.remove(first.players.add("Bob").id)
        first.settings.set("theme", "dark")
        first.sessions.save(session_record())
        game_id = first.history.add(history_record())
        first.table("expeditions").insert({"id": "e1", "stars": 3})
        # replacing records must reach the files, not only the in-memory cache
        ann = first.players.rename(ann.id, "Annika")
        first.sessions.save(session_record(actions=[{"play": "7H"}, {"play": "8H"}]))
        first.table("expeditions").upsert({"id": "e1", "stars": 4})
        first.history.restore(first.history.delete(game_id))
    with open_store(tmp_data_dir) as second:
        assert second.notices == []
        assert second.players.get(ann.id) == ann
        assert [p.name for p in second.players.list(include_removed=True)] == ["Annika", "Bob"]
        assert second.settings.get("theme") == "dark"
        assert second.sessions.get("1" * 32)["actions"] == [{"play": "7H"}, {"play": "8H"}]
        assert second.history.get(game_id)["title"] == "Dunai" and second.history.count() == 1
        assert second.table("expeditions").get("e1") == {"id": "e1", "stars": 4}


def test_a_session_save_writes_only_the_sessions_file(file_store):
    file_store.history.add(history_record())
    folder = file_store.data_dir

    def files():  # every file, the history's month files and index too
        return {p.relative_to(folder).as_posix(): p.stat().st_mtime_ns for p in folder.rglob("*") if p.is_file()}

    before = {name: time for name, time in files().items() if name != "sessions.json"}
    file_store.sessions.save(session_record())
    after = {name: time for name, time in files().items() if name not in ("sessions.json", "sessions.json.bak")}
    assert after == before
    assert "history/2026-03.json" in after
    assert (folder / "sessions.json").exists()


def test_players_are_listed_in_alphabetical_order_whatever_their_accents(store):
    # Sorted by code point, "Łukasz" came after "Zofia" and "Émile" after every plain letter.
    for name in ("Zofia", "Łukasz", "Émile", "anna", "Jürgen", "Lena", "Mia", "Ødegaard", "Bartosz", "Eva"):
        store.players.add(name)
    assert [p.name for p in store.players.list()] == [
        "anna", "Bartosz", "Émile", "Eva", "Jürgen", "Lena", "Łukasz", "Mia", "Ødegaard", "Zofia"]


def test_a_name_taken_is_quoted_the_players_language_way(store):
    # French read "déjà un joueur nommé 'Amélie'": a program's quotes around the name, not the language's.
    from companion.i18n import use_language
    from companion.ui.common.widgets import said

    store.players.add("Amélie")
    with pytest.raises(InvalidInput) as refused:
        store.players.add("amélie ")
    with use_language("fr"):
        assert said(refused.value) == "il y a déjà un joueur nommé «\u00a0Amélie\u00a0»\u00a0; choisissez un autre nom"
    with use_language("de"):
        assert "„Amélie“" in said(refused.value)
    amelie = store.players.find("Amélie")
    store.players.remove(amelie.id)
    with pytest.raises(InvalidInput) as refused:
        store.players.rename(amelie.id, "Amélie B.")
    with use_language("fr"):
        assert said(refused.value).startswith("impossible de renommer «\u00a0Amélie\u00a0»\u00a0: ")
