"""workforce_entrypoints: the Starlette HTTP API, the Typer console, and the one composition root."""
