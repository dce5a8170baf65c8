"""The client accounts read from the memory store (the ``ClientReads`` port), for the use cases that
walk every account (the sign-off deadline)."""

from __future__ import annotations

import copy

from workforce_adapters.memory.store import MemoryStore
from workforce_core.model.accounts import ClientAccount


class MemoryClientReads:
    def __init__(self, store: MemoryStore) -> None:
        self.store = store

    def client_accounts(self) -> list[ClientAccount]:
        with self.store.lock:
            clients: list[ClientAccount] = list(self.store.tables["clients"].values())
            return copy.deepcopy(sorted(clients, key=lambda client: (client.name, client.id)))
