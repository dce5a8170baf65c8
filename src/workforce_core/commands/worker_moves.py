"""Moving a worker to another client account: which worker, and into which account."""

from __future__ import annotations

from attrs import field, frozen
from attrs.validators import ge, instance_of


@frozen
class MoveWorker:
    """``worker_id`` the copy to close; ``client_id`` the account that gets the new copy."""

    worker_id: int = field(validator=[instance_of(int), ge(1)])
    client_id: int = field(validator=[instance_of(int), ge(1)])
    from_client_id: int | None = None  # the account the console's page is of: a worker of another is 404
