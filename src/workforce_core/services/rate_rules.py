"""Console use cases for rate rules: create, update (replace the definition), retire."""

from __future__ import annotations

import attrs

from workforce_core.commands.rate_rules import RateRuleDefinition
from workforce_core.errors import NotFound, ValidationFailed
from workforce_core.facts import ClientPricingChanged
from workforce_core.model.rates import RateRule
from workforce_core.ports import Clock, UnitOfWork, UnitOfWorkFactory


def _check_references(tx: UnitOfWork, rule: RateRule) -> None:
    if rule.location_id is not None:
        site = tx.locations.get(rule.location_id)
        if site is None or site.client_id != rule.client_id:
            raise ValidationFailed("location_id", "location_id is not a site of this client.")
    if rule.cost_code_id is not None:
        code = tx.cost_codes.get(rule.cost_code_id)
        if code is None or code.client_id not in (None, rule.client_id):
            raise ValidationFailed("cost_code_id", "cost_code_id is not a cost code of this client.")


def create_rate_rule(command: RateRuleDefinition, *, client_id: int, uow: UnitOfWorkFactory, clock: Clock) -> RateRule:
    rule = command.rule(client_id=client_id)
    now = clock.now()
    with uow() as tx:
        if tx.clients.get(client_id) is None:
            raise NotFound(f"client {client_id} not found")
        _check_references(tx, rule)
        rule = tx.rate_rules.add(attrs.evolve(rule, created_at=now, updated_at=now))
        tx.note(ClientPricingChanged(client_id))
        tx.commit()
    return rule


def update_rate_rule(rule_id: int, command: RateRuleDefinition, *, uow: UnitOfWorkFactory, clock: Clock) -> RateRule:
    """Replace a rule's definition (the whole RateRule shape), keeping its id and creation time."""
    with uow() as tx:
        current = _rule(tx, rule_id)
        rule = attrs.evolve(
            command.rule(client_id=current.client_id),
            id=current.id,
            created_at=current.created_at,
            updated_at=clock.now(),
        )
        _check_references(tx, rule)
        tx.rate_rules.update(rule)
        tx.note(ClientPricingChanged(rule.client_id))
        tx.commit()
    return rule


def retire_rate_rule(rule_id: int, *, uow: UnitOfWorkFactory, clock: Clock) -> RateRule:
    with uow() as tx:
        rule = _rule(tx, rule_id)
        rule = attrs.evolve(rule, active=False, updated_at=clock.now())
        tx.rate_rules.update(rule)
        tx.note(ClientPricingChanged(rule.client_id))
        tx.commit()
    return rule


def _rule(tx: UnitOfWork, rule_id: int) -> RateRule:
    rule = tx.rate_rules.get(rule_id)
    if rule is None:
        raise NotFound(f"rate rule {rule_id} not found")
    return rule
