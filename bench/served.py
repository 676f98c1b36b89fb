"""A `blankslate serve` started for a bench script, and its event stream."""
import re
import socket
import subprocess


def start(command, env):
    """Starts `command` (a `serve … --port 0`); the process and the port it says it serves on."""
    process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, env=env)
    for line in process.stdout:
        found = re.search(r"Serving http://127\.0\.0\.1:(\d+)/", line)
        if found:
            return process, int(found.group(1))
    raise SystemExit(f"bench: {' '.join(command)} never served")


class Events:
    """The server's event stream, read as it comes."""

    def __init__(self, port):
        self.socket = socket.create_connection(("127.0.0.1", port))
        self.socket.sendall(
            f"GET /_blankslate/events HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nAccept: text/event-stream\r\n\r\n".encode())
        self.buffer = b""
        self.until(b"retry: 1000")

    def until(self, marker, timeout=300):
        """Reads until `marker` has come (each read given `timeout` seconds), and drops what came up to it."""
        self.socket.settimeout(timeout)
        while marker not in self.buffer:
            chunk = self.socket.recv(65536)
            if not chunk:
                raise SystemExit("bench: the event stream closed")
            self.buffer += chunk
        self.buffer = self.buffer[self.buffer.index(marker) + len(marker):]
