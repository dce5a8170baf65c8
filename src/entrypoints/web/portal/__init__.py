"""The client portal (``/portal/``): hirer contacts sign off their sites' shifts, by session or by a
one-time sign-off link."""
