"""The client accounts, for the people who choose one (operator admins)."""

from __future__ import annotations

from typing import Protocol

from workforce_core.model.accounts import ClientAccount


class ClientReads(Protocol):
    def client_accounts(self) -> list[ClientAccount]:
        """Every client account, by name then id."""
        ...
