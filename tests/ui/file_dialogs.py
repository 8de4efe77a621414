"""Answer the FilePicker's dialogs of an in-process tab (see harness.py) as a device would.

    answer_files(ui, picked=[uploaded("mine.json", data)])   # the next pick_files answers with these files
    answer_files(ui, saved_to=str(tmp_path / "b.json"))     # a desktop save dialog answers with this path
    await ui.click("settings-backup-download")
    (call,) = save_calls(ui)                                # what the app asked the device to save

A browser sends a picked file's bytes and no path; a desktop window sends the path. A hostile client can
send anything, e.g. `{"path": "/etc/passwd"}` with no bytes: `answer_files` passes the dicts as given.
"""

from __future__ import annotations

from typing import Any

from flet.messaging.protocol import MessageAction

__all__ = ["answer_files", "uploaded", "save_calls", "pick_calls"]


def uploaded(name: str, data: bytes) -> dict[str, Any]:
    """A file as a browser's picker reports it with `with_data=True`: its bytes, no path."""
    return {"id": 0, "name": name, "size": len(data), "bytes": list(data)}


def answer_files(ui, *, picked: list[dict[str, Any]] | None = None, saved_to: str | None = None) -> None:
    """From now on this tab's client answers pick_files with `picked` and save_file with `saved_to`."""
    answer = ui.client._answer

    def client(call) -> None:
        if call.name == "pick_files":
            ui.session.handle_invoke_method_results(call.control_id, call.call_id, list(picked or []), None)
        elif call.name == "save_file":
            ui.session.handle_invoke_method_results(call.control_id, call.call_id, saved_to, None)
        else:
            answer(call)

    ui.client._answer = client


def save_calls(ui) -> list[Any]:
    """The save_file requests this tab sent to its client, oldest first (args: file_name, src_bytes, ...)."""
    return _calls(ui, "save_file")


def pick_calls(ui) -> list[Any]:
    """The pick_files requests this tab sent to its client, oldest first (args: with_data, ...)."""
    return _calls(ui, "pick_files")


def _calls(ui, name: str) -> list[Any]:
    return [m.body for m in ui.client.sent if m.action == MessageAction.INVOKE_METHOD and m.body.name == name]
