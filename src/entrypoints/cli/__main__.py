"""``python -m workforce_entrypoints.cli``: the same console as the ``workforce`` command."""

from workforce_entrypoints.cli.main import main

main()
