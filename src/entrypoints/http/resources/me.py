"""GET /me.php: the calling key (any valid key, no scope)."""

from __future__ import annotations

from starlette.responses import Response

from workforce_adapters.json import me_record
from workforce_core.services import reads
from workforce_entrypoints.http.endpoint import Call, Endpoint, Method
from workforce_entrypoints.http.replies import record


def get(call: Call) -> Response:
    return record(me_record(call.services.run(reads.me, call.principal)))


ENDPOINT = Endpoint("me", {"GET": Method(get)})
