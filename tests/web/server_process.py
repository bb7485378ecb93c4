"""A real `python -m lifespan serve` process on a free loopback port, for the restart, browser
and load tests (docs/web.md)."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


class ServerProcess:
    def __init__(self, data: Path, *options: str):
        self.data = data
        self.options = options
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.process: subprocess.Popen[bytes] | None = None

    def start(self) -> ServerProcess:
        self.process = subprocess.Popen(
            [sys.executable, "-m", "lifespan", "serve", "--port", str(self.port),
             "--data", str(self.data), *self.options],
            stdout=subprocess.DEVNULL, stderr=(self.data / "serve.log").open("ab"),
            env={**os.environ, "NO_COLOR": "1"})
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"serve ended: {(self.data / 'serve.log').read_text()}")
            try:
                urllib.request.urlopen(self.url + "/api/setup", timeout=2).read()
                return self
            except OSError:
                time.sleep(0.2)
        raise RuntimeError("serve did not answer within 30 s")

    def kill(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.send_signal(signal.SIGKILL)
            self.process.wait()
        self.process = None
