"""The write side in memory: the same repositories and unit of work as SQL, without a database.

For unit tests, for property-based runs and for embedders who want the core's rules with storage of
their own. It passes the same port-contract suite as the SQL adapter (tests/contract/test_ports.py).
"""

from workforce_adapters.memory.store import MemoryStore
from workforce_adapters.memory.unit_of_work import MemoryUnitOfWork, MemoryUnitOfWorkFactory

__all__ = ["MemoryStore", "MemoryUnitOfWork", "MemoryUnitOfWorkFactory"]
