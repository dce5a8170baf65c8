"""The agency console (``/console/``): signing in, timesheets, shifts, workers, pay weeks, money,
checks and the account's setup."""
