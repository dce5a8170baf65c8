"""The site kiosk (``/kiosk/``): an enrolled browser where workers clock in and out by badge and PIN."""
