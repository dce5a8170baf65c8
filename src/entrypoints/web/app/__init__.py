"""The worker app (``/app/``): a worker's own shifts, offers, clocking, availability and absences, in
their language."""
