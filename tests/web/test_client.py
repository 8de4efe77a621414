"""The websocket client against the real server: register, read the tree, type, click, navigate."""

from __future__ import annotations

from client import connect


async def test_add_player_by_typing_and_clicking(server):
    async with await connect(server.url, route="/players") as tab:
        await tab.wait_key("player-name")
        assert tab.route == "/players"
        await tab.type("player-name", "Ann")
        await tab.click("player-add")
        await tab.wait_for(lambda t: "Ann" in t.texts(), timeout=10)
        # the add form is cleared for the next name
        await tab.wait_for(lambda t: not t.get("player-name").value, timeout=10)
        tab.assert_no_crash()
        assert not tab.patch_errors
    assert server.alive()
    assert server.stop_and_read_players() == ["Ann"]


async def test_navigates_like_a_browser(server):
    async with await connect(server.url) as tab:
        await tab.wait_key("home-players")
        await tab.click("home-players")
        await tab.wait_key("player-name")
        assert tab.route == "/players"
        await tab.navigate("/")
        await tab.wait_key("home-players")
        await tab.navigate("/players")
        await tab.wait_key("player-add")
        tab.assert_no_crash()


async def test_another_tab_sees_a_saved_player(server):
    async with await connect(server.url, route="/players") as one, \
            await connect(server.url, route="/players") as two:
        await one.wait_key("player-name")
        await two.wait_key("player-name")
        await one.type("player-name", "Ben")
        await one.click("player-add")
        await two.wait_for(lambda t: "Ben" in t.texts(), timeout=10)
        one.assert_no_crash()
        two.assert_no_crash()


async def test_a_refused_handshake_is_reported_with_its_status(server):
    import pytest
    from client import Refused

    for kwargs in ({"origin": "http://evil.example"}, {"origin": None}, {"host_header": "evil.example"}):
        with pytest.raises(Refused) as refused:
            await connect(server.url, **kwargs)
        assert refused.value.status == 403, kwargs
    async with await connect(server.url, cookies={"unrelated": "1"}) as tab:   # its own origin is let in
        await tab.wait_key("home-players")
