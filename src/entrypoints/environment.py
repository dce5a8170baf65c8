"""The environment variables the entry points read (a light module: the console's ``--help`` imports it)."""

from __future__ import annotations

DATABASE_ENV = "WORKFORCE_DATABASE_URL"
