"""Answer the file dialogs of an in-process tab (see harness.py) as a device would.

    answer_files(ui, picked=[uploaded("mine.json", data)])   # the next file pick answers with these files
    answer_files(ui, saved_to=str(tmp_path / "b.json"))     # a desktop save dialog answers with this path
    await ui.click("settings-backup-download")
    (call,) = save_calls(ui)                                # what the app asked the device to save

Two ways a pick reaches the device. In a browser the button carries Flet's PickFiles action: the client
opens its picker inside the tap, sends the click, and once the person has chosen, dispatches the
FilePicker's `result` event with the files (`{"files": [...]}`, decoded into FilePickerResultEvent).
`answer_files` makes `ui.click` do the same for a control with that action. In a desktop window the app
calls `pick_files` and the client answers the call. Both are recorded by `pick_calls`.

A browser sends a picked file's bytes and no path; a desktop window sends the path. A hostile client can
send anything, e.g. `{"path": "/etc/passwd"}` with no bytes: `answer_files` passes the dicts as given.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import flet as ft
from flet.messaging.protocol import MessageAction

__all__ = ["answer_files", "uploaded", "save_calls", "pick_calls", "Pick"]


@dataclass(frozen=True)
class Pick:
    """One file pick the device was asked for: `via` "action" (in the tap) or "call" (from the server)."""

    via: str
    args: dict[str, Any]


def uploaded(name: str, data: bytes) -> dict[str, Any]:
    """A file as a browser's picker reports it with `with_data=True`: its bytes, no path."""
    return {"id": 0, "name": name, "size": len(data), "bytes": bytes(data)}


def answer_files(ui, *, picked: list[dict[str, Any]] | None = None, saved_to: str | None = None) -> None:
    """From now on this tab's device answers a file pick with `picked` and save_file with `saved_to`."""
    ui.device_files = {"picked": [dict(f) for f in picked or []], "saved_to": saved_to}
    if getattr(ui, "device_picks", None) is not None:
        return   # already answering: only the answers changed
    ui.device_picks = []
    answer = ui.client._answer
    tap = ui.click

    def client(call) -> None:
        if call.name == "pick_files":
            ui.device_picks.append(Pick("call", dict(call.args)))
            ui.session.handle_invoke_method_results(call.control_id, call.call_id, _files(ui), None)
        elif call.name == "save_file":
            ui.session.handle_invoke_method_results(call.control_id, call.call_id, ui.device_files["saved_to"], None)
        else:
            answer(call)

    async def click(key: str) -> None:
        control = ui.get(key)
        actions = control.action if isinstance(getattr(control, "action", None), list) else [
            a for a in [getattr(control, "action", None)] if a is not None]
        await tap(key)                       # the client starts the actions, then sends the click
        for action in actions:
            if isinstance(action, ft.PickFiles) and action.method == "pick_files":
                ui.device_picks.append(Pick("action", dict(action.args)))
                await ui._event(ui.session.index[action.service_id], "result", {"files": _files(ui)})

    ui.client._answer = client
    ui.click = click


def _files(ui) -> list[dict[str, Any]]:
    return [dict(f) for f in ui.device_files["picked"]]


def save_calls(ui) -> list[Any]:
    """The save_file requests this tab sent to its client, oldest first (args: file_name, src_bytes, ...)."""
    return [m.body for m in ui.client.sent if m.action == MessageAction.INVOKE_METHOD and m.body.name == "save_file"]


def pick_calls(ui) -> list[Pick]:
    """The file picks this tab's device was asked for, oldest first (args: with_data, ...)."""
    return list(getattr(ui, "device_picks", None) or [])
