"""Holiday pay: how a worker's statutory leave (5.6 weeks a year) is paid.

``none`` pays nothing as holiday (the product's behaviour before holiday pay); ``rolled_up`` pays 12.07%
of the week's pay for work done in the same week, as a separate element; ``accrued`` accrues 12.07% of
the hours worked as leave, paid when approved holiday is taken. A client sets it for its workers
(``holiday_pay``, with the day its leave year starts, ``leave_year_start``); a worker may override it.
"""

from __future__ import annotations

from enum import StrEnum


class HolidayPay(StrEnum):
    NONE = "none"
    ROLLED_UP = "rolled_up"
    ACCRUED = "accrued"


HOLIDAY_PAY_CHOICES: tuple[str, ...] = tuple(HolidayPay)
HOLIDAY = "holiday"  # the element holiday is paid as (payroll lines, pay files)
DEFAULT_LEAVE_YEAR_START = "01-01"  # MM-DD
