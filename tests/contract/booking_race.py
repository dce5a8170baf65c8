"""Overlapping bookings of one worker sent at once to running servers (issue 11's concurrency case)."""

from __future__ import annotations

import threading
from concurrent.futures import ThreadPoolExecutor

import httpx

from tests.contract.conftest import World

SLOTS = (("09:00", "17:00"), ("12:00", "20:00"))  # overlapping, each at its own site


def book_overlapping_pairs_at_once(world: World, bases: list[str], workers: int = 5) -> None:
    """Each of ``workers`` workers is booked into both slots at once, slot n sent to ``bases[n % len]``:
    for each exactly one 201, and one 409 ``not_eligible`` with ``overlap``."""
    account = world.account()
    headers = world.key(account.id)
    sites = [world.site(account.id, name, geofence_mode="disabled") for name in ("North", "South")]
    people = [world.worker(account.id, f"Worker {n}").worker for n in range(workers)]
    jobs = [(person, n) for person in range(workers) for n in range(len(SLOTS))]
    barrier = threading.Barrier(len(jobs))

    def book(job: tuple[int, int]) -> httpx.Response:
        person, n = job
        start, end = SLOTS[n]
        body = {"worker_id": people[person].id, "location_id": sites[n].id, "shift_date": "2030-11-20"}
        barrier.wait(timeout=30)
        url = f"{bases[n % len(bases)]}/api/v1/shifts.php"
        return httpx.post(url, headers=headers, json={**body, "start_time": start, "end_time": end}, timeout=60)

    with ThreadPoolExecutor(max_workers=len(jobs)) as pool:
        replies = list(pool.map(book, jobs))
    for person in range(workers):
        pair = [reply for (who, _), reply in zip(jobs, replies, strict=True) if who == person]
        assert sorted(reply.status_code for reply in pair) == [201, 409], [reply.text for reply in pair]
        [refused] = [reply.json() for reply in pair if reply.status_code == 409]
        assert (refused["error_code"], refused["block_codes"]) == ("not_eligible", ["overlap"])
    assert len([e for e in world.outbox("shift.created") if e["client_id"] == account.id]) == workers
