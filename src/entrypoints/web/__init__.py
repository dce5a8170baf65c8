"""The agency console (``/console/``): server-rendered pages over the same use cases and read ports as
the API, with sessions and CSRF tokens (``visits``), htmx for partial updates, assets in the package."""
