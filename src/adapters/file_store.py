"""Evidence files in a folder (port ``FileStore``): ``WORKFORCE_FILE_STORE``, by default ``files`` beside
where the server runs; in a container, a mounted volume. Each file is named by its random token alone
(a token that is not one, say with a path in it, is refused), written to a temporary file first and
renamed into place, readable by the server's user only."""

from __future__ import annotations

import os
import re
import tempfile
from pathlib import Path

TOKEN = re.compile(r"[A-Za-z0-9_-]{16,128}")


class FolderFileStore:
    def __init__(self, folder: Path) -> None:
        self.folder = folder

    def put(self, token: str, content: bytes) -> None:
        target = self._path(token)
        self.folder.mkdir(parents=True, exist_ok=True, mode=0o700)
        handle, temporary = tempfile.mkstemp(prefix=".", suffix=".part", dir=self.folder)
        try:
            with os.fdopen(handle, "wb") as file:
                file.write(content)
                file.flush()
                os.fsync(file.fileno())
            os.replace(temporary, target)
        except BaseException:
            Path(temporary).unlink(missing_ok=True)
            raise

    def get(self, token: str) -> bytes | None:
        try:
            return self._path(token).read_bytes()
        except FileNotFoundError:
            return None

    def delete(self, token: str) -> None:
        self._path(token).unlink(missing_ok=True)

    def _path(self, token: str) -> Path:
        if not TOKEN.fullmatch(token):
            raise ValueError("a file store token is a random id, not a name or a path")
        return self.folder / token
