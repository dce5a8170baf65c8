"""The one cattrs converter of the JSON edge: it structures request bodies and console input into the
core's commands (``json.commands`` registers how) and unstructures records into the spec's shapes for
event data (``json.events`` registers those hooks). One instance, so a type reads and writes one way."""

from __future__ import annotations

from cattrs import Converter

converter = Converter(detailed_validation=True, forbid_extra_keys=False)
