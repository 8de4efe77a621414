"""A connection that can be cut: a TCP relay between the browser and the served app, for the tests of a
phone that loses the Wi-Fi for a few seconds. The relay listens on a port with as many digits as the app's
and writes the app's own port into what the browser sends (its Host and Origin), so the server sees its own
address, as it would from a phone."""

from __future__ import annotations

import socket
import threading

__all__ = ["CutLink"]


class CutLink:
    """`url` reaches the app at `target_port` through the relay; `cut()` drops every connection and refuses
    new ones until `restore()`."""

    def __init__(self, target_port: int) -> None:
        self._target = target_port
        for _ in range(200):
            server = socket.socket()
            server.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            server.bind(("127.0.0.1", 0))
            if len(str(server.getsockname()[1])) == len(str(target_port)):
                break
            server.close()
        else:
            raise RuntimeError("no free port with as many digits as the app's")
        server.listen(50)
        self._server = server
        self.port = server.getsockname()[1]
        self.url = f"http://127.0.0.1:{self.port}"
        self._open: list[socket.socket] = []
        self._blocked = False
        self._lock = threading.Lock()
        threading.Thread(target=self._accept, daemon=True).start()

    def _accept(self) -> None:
        ours, theirs = f"127.0.0.1:{self.port}".encode(), f"127.0.0.1:{self._target}".encode()
        while True:
            try:
                client, _ = self._server.accept()
            except OSError:
                return
            with self._lock:
                if self._blocked:
                    client.close()
                    continue
                app = socket.create_connection(("127.0.0.1", self._target))
                self._open += [client, app]
            threading.Thread(target=self._pipe, args=(client, app, ours, theirs), daemon=True).start()
            threading.Thread(target=self._pipe, args=(app, client, None, None), daemon=True).start()

    def _pipe(self, source: socket.socket, sink: socket.socket, find: bytes | None, put: bytes | None) -> None:
        try:
            while data := source.recv(65536):
                sink.sendall(data.replace(find, put) if find else data)
        except OSError:
            pass
        _close(source, sink)

    def cut(self) -> None:
        with self._lock:
            self._blocked = True
            _close(*self._open)
            self._open = []

    def restore(self) -> None:
        with self._lock:
            self._blocked = False

    def close(self) -> None:
        self.cut()
        self._server.close()


def _close(*sockets: socket.socket) -> None:
    for sock in sockets:
        try:
            sock.shutdown(socket.SHUT_RDWR)
        except OSError:
            pass
        sock.close()
