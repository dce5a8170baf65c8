"""The dispatcher through its ports on the memory adapter, with a sender that answers from a script:
refusal before an attempt, a sender that raises, and an answer that comes after the claim was taken."""

from __future__ import annotations

from collections.abc import Callable

import attrs

from tests.clocks import FakeClock
from tests.fakes import EPOCH, FakeDatabase, FakeUnitOfWorkFactory
from workforce_core.events import Event, Shaped
from workforce_core.model.webhooks import Delivery, Outcome, Outgoing, Subscription
from workforce_core.services.dispatch import dispatch


class ScriptedSender:
    """The ``Sender`` port answering ``outcome``; ``during`` runs inside each send (another actor)."""

    def __init__(self, outcome: Outcome = Outcome(200, "ok"), during: Callable[[], None] | None = None) -> None:
        self.outcome, self.during = outcome, during
        self.sent: list[Outgoing] = []

    def send(self, outgoing: Outgoing) -> Outcome:
        self.sent.append(outgoing)
        if self.during is not None:
            self.during()
        return self.outcome


class RaisingSender:
    def send(self, outgoing: Outgoing) -> Outcome:
        raise RuntimeError("boom")


class Setup:
    def __init__(self) -> None:
        self.db = FakeDatabase()
        self.uow = FakeUnitOfWorkFactory(self.db)
        self.clock = FakeClock(EPOCH)
        self.client = self.db.add_client()
        self.key = self.db.add_key(self.client.id, ("workers:read",)).key
        with self.uow() as tx:
            self.subscription = tx.subscriptions.add(
                Subscription(
                    client_id=self.client.id,
                    url="https://hooks.example.com/in",
                    events=("worker.created",),
                    secret="whsec_x",
                    created_at=EPOCH,
                    api_key_id=self.key.id,
                )
            )
            tx.record([Event("worker.created", self.client.id, EPOCH, Shaped({"hourly_rate": "12.50"}))])
            tx.commit()

    def delivery(self) -> Delivery:
        [only] = self.db.tables["deliveries"].values()
        return attrs.evolve(only)


def test_an_attempt_sends_the_data_as_the_subscriptions_key_may_read_it_and_records_the_answer() -> None:
    s = Setup()
    sender = ScriptedSender(Outcome(202, "queued"))
    report = dispatch(uow=s.uow, clock=s.clock, sender=sender)
    assert (report.fanned_out, report.attempts, report.delivered) == (1, 1, 1)
    [sent] = sender.sent
    assert (sent.url, sent.secret, sent.delivery.attempt) == ("https://hooks.example.com/in", "whsec_x", 1)
    assert "pay:read" not in sent.effective_scopes
    done = s.delivery()
    assert (done.status, done.attempt, done.response_code, done.delivered_at) == ("delivered", 1, 202, EPOCH)


def test_a_key_revoked_after_fan_out_refuses_the_delivery_before_any_attempt() -> None:
    s = Setup()
    dispatch(uow=s.uow, clock=s.clock, sender=ScriptedSender(Outcome(500, "no")))
    s.db.keys[s.key.id].revoked_at = EPOCH
    s.clock.advance(minutes=1)
    sender = ScriptedSender()
    report = dispatch(uow=s.uow, clock=s.clock, sender=sender)
    assert (report.attempts, report.refused, sender.sent) == (0, 1, [])
    assert s.delivery().status == "refused"


def test_a_sender_that_raises_is_recorded_as_an_unreachable_attempt() -> None:
    s = Setup()
    report = dispatch(uow=s.uow, clock=s.clock, sender=RaisingSender())
    assert (report.attempts, report.retrying) == (1, 1)
    done = s.delivery()
    assert (done.status, done.response_code, done.response_body) == ("pending", 0, "not sent: RuntimeError")


def test_an_answer_is_not_recorded_over_a_delivery_refused_while_it_was_sent() -> None:
    s = Setup()

    def refuse_meanwhile() -> None:
        with s.uow() as tx:
            row = tx.deliveries.get(s.delivery().id)
            assert row is not None
            tx.deliveries.update(attrs.evolve(row, status="refused", response_code=0, response_body="refused"))
            tx.commit()

    report = dispatch(uow=s.uow, clock=s.clock, sender=ScriptedSender(during=refuse_meanwhile))
    assert (report.attempts, report.delivered) == (1, 0)
    assert (s.delivery().status, s.delivery().response_body) == ("refused", "refused")
