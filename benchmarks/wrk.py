"""HTTP load from ``wrk`` (Debian's package, a C load generator), for the side-by-side runs.

On two cores a Python load loop takes a core of its own and saturates before a fast server does, so
it flattered every ratio towards 1; ``wrk`` costs a few per cent of a core at these rates. Each run
gives one ``wrk`` thread per connection (``-t N -c N``), so a thread's Lua state belongs to one
keep-alive connection: the clocking lane sends in, out, in, ... for a worker of its own, in order,
the next action turned by each answered one (``wrk`` may build a request twice before it is sent, when
a write has to wait, so a count of requests built is no guide).

A Lua ``response`` hook counts every reply outside 2xx and ``done`` prints the totals as one JSON
line, which :func:`run` reads: a run with a refused request, a socket error or a time-out fails,
since a refused request is not a fast one.
"""

from __future__ import annotations

import json
import shutil
import subprocess
from collections.abc import Mapping, Sequence
from pathlib import Path
from urllib.parse import urlsplit

from benchmarks.load import Rate

MARK = "WRK_TOTALS "

_SCRIPT = """
local lanes = {}
local next_lane = 0
function setup(thread)
  thread:set("lane", next_lane)
  next_lane = next_lane + 1
  table.insert(lanes, thread)
end
function init(args)
  refused = 0
  first = ""
  action = "in"
end
local headers = %(headers)s
local workers = %(workers)s
function request()
  if #workers == 0 then
    return wrk.format(%(method)s, %(path)s, headers)
  end
  local body = string.format('{"action": "%%s", "worker_id": %%d}', action, workers[lane + 1])
  return wrk.format(%(method)s, %(path)s, headers, body)
end
function response(status, head, body)
  if status >= 200 and status < 300 then
    action = (action == "in") and "out" or "in"
  else
    refused = refused + 1
    if first == "" then first = status .. " " .. string.sub(body, 1, 300) end
  end
end
function done(summary, latency, requests)
  local total = 0
  local example = ""
  for _, thread in ipairs(lanes) do
    total = total + thread:get("refused")
    if example == "" then example = thread:get("first") end
  end
  local e = summary.errors
  io.write(string.format('%(mark)s{"requests": %%d, "microseconds": %%d, "refused": %%d, "errors": %%d}\\n',
    summary.requests, summary.duration, total, e.connect + e.read + e.write + e.timeout))
  io.write("WRK_FIRST_REFUSED " .. example .. "\\n")
end
"""


def _lua(text: str) -> str:
    return json.dumps(text)  # a JSON string is a valid Lua string for the ASCII text used here


def _table(items: Mapping[str, str] | Sequence[int]) -> str:
    if isinstance(items, Mapping):
        return "{" + ", ".join(f"[{_lua(k)}] = {_lua(v)}" for k, v in items.items()) + "}"
    return "{" + ", ".join(str(int(item)) for item in items) + "}"


def wrk_binary() -> str:
    found = shutil.which("wrk")
    if found is None:
        raise AssertionError("wrk is not installed: `make bench` installs Debian's wrk package")
    return found


def run(
    base: str,
    path: str,
    headers: Mapping[str, str],
    directory: Path,
    *,
    connections: int,
    seconds: int,
    clocking: Sequence[int] = (),
) -> Rate:
    """Requests per second from ``wrk`` over ``connections`` keep-alive connections to ``base``.

    Without ``clocking`` every request is ``GET path``; with it (one worker id per connection) each
    connection posts a JSON clock-in, then a clock-out, and so on, for its own worker."""
    if urlsplit(base).hostname != "127.0.0.1":
        raise ValueError(f"the benchmark loads only 127.0.0.1, not {base}")
    if clocking and len(clocking) != connections:
        raise ValueError("one clocking worker per connection")
    sent_headers = dict(headers)
    if clocking:
        sent_headers["Content-Type"] = "application/json"
    script = directory / f"wrk-{len(list(directory.glob('wrk-*.lua')))}.lua"
    script.write_text(
        _SCRIPT
        % {
            "headers": _table(sent_headers),
            "workers": _table(list(clocking)),
            "method": _lua("POST" if clocking else "GET"),
            "path": _lua(path),
            "mark": MARK,
        }
    )
    command = [wrk_binary(), f"-t{connections}", f"-c{connections}", f"-d{seconds}s", "-s", str(script), base]
    finished = subprocess.run(command, capture_output=True, text=True, timeout=seconds + 60, check=False)
    lines = [line for line in finished.stdout.splitlines() if line.startswith(MARK)]
    if finished.returncode != 0 or not lines:
        raise AssertionError(f"wrk failed ({finished.returncode}): {finished.stdout}{finished.stderr}")
    totals = json.loads(lines[-1].removeprefix(MARK))
    if totals["refused"] or totals["errors"]:
        first = finished.stdout.partition("WRK_FIRST_REFUSED ")[2].strip()
        raise AssertionError(f"wrk on {path}: {totals['refused']} refused ({first}), {totals['errors']} socket errors")
    return Rate(int(totals["requests"]), totals["microseconds"] / 1_000_000)
