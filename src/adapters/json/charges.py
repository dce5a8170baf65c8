"""The charge schedule (Charges) as /charges.php shows it: lines per site, worker, role, element and
rate, and per-site totals with the site's billing fields, VAT (with ``vat``) and what was held back."""

from __future__ import annotations

from typing import Any

from workforce_adapters.json.shapes import decimal_number, hours
from workforce_core.rules.payroll_lines import LABELS
from workforce_core.views import Charges


def charges_record(found: Charges, *, include_entries: bool) -> dict[str, Any]:
    first, last = found.period
    lines = []
    for line in found.lines:
        group = line.group
        item: dict[str, Any] = {
            "site_id": group.location_id,
            "site_name": found.site(group.location_id).name,
            "worker_id": group.worker_id,
            "worker_name": group.worker_name,
            "employee_id": group.employee_id,
            "role": group.role,
            "cost_code": group.cost_code,
            "po": found.site(group.location_id).po_reference,
            "element": group.element,
            "element_label": LABELS[group.element],
            "minutes": group.minutes,
            "hours": hours(group.minutes),
            "rate": decimal_number(group.charge_rate),
            "amount": decimal_number(line.amount),
            "shifts": group.shifts,
            "first_date": line.first_date.isoformat(),
            "last_date": line.last_date.isoformat(),
            "frozen": line.frozen,
            "no_charge": group.charge_rate == 0,
        }
        if include_entries:
            item["entry_ids"] = list(group.entry_ids)
        lines.append(item)
    sites = []
    for total in found.sites:
        site = total.site
        sites.append(
            {
                "site_id": site.id,
                "site_name": site.name,
                "billing_name": site.billing_name,
                "po_reference": site.po_reference,
                "pkg_a_account_ref": site.pkg_a_account_ref,
                "pkg_a_department": site.pkg_a_department,
                "nominal_code": site.nominal_code,
                "net": decimal_number(total.net),
                "vat": decimal_number(total.vat),
                "gross": decimal_number(total.gross),
                "held_back": [
                    {"reason": held.reason, "shifts": held.shifts, "hours": hours(held.minutes)}
                    for held in total.held_back
                ],
            }
        )
    return {
        "reference": found.reference,
        "client_id": found.client_id,
        "from": first.isoformat(),
        "to": last.isoformat(),
        "frozen": found.frozen,
        "partly_frozen": found.partly_frozen,
        "require_client_approval": found.require_client_approval,
        "currency": found.currency,
        "vat_rate": decimal_number(found.vat_rate),
        "lines": lines,
        "sites": sites,
    }
