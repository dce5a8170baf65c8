"""Export files on disk: streamed through ``write_csv`` to a temporary file beside the destination,
read back to be stored, and renamed into place only after the batch is committed (``publish``), so a
reader of ``--out`` never sees a half-written pay file. Without a destination the temporary file
lives in the system's temporary directory and is removed after the commit."""

from __future__ import annotations

import os
import tempfile
from collections.abc import Iterable, Sequence
from pathlib import Path

from workforce_adapters.csv_files import Cell, write_csv


class CsvExportFiles:
    def __init__(self, out: Path | None = None) -> None:
        self.out = out

    def write(
        self, name: str, header: Sequence[str], rows: Iterable[Sequence[Cell]], *, header_row: bool = True
    ) -> str:
        folder = self.out.parent if self.out is not None else None
        handle, path = tempfile.mkstemp(prefix=f".{name}.", suffix=".part", dir=folder)
        try:
            with os.fdopen(handle, "wb") as file:
                write_csv(file, header, rows, header_row=header_row)
                file.flush()
                os.fsync(file.fileno())
        except BaseException:
            Path(path).unlink(missing_ok=True)
            raise
        return path

    def content(self, written: str) -> bytes:
        return Path(written).read_bytes()

    def publish(self, written: str) -> None:
        if self.out is not None:
            os.replace(written, self.out)

    def discard(self, written: str) -> None:
        Path(written).unlink(missing_ok=True)
