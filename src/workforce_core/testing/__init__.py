"""Support for users' own tests of code that embeds the core (needs the ``testing`` extra)."""
