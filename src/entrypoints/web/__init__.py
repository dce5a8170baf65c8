"""The pages, server-rendered over the same use cases and read ports as the API: four surfaces, each a
package (``console``, ``portal``, ``kiosk``, ``app``: the worker app) over what they share (``common``:
the one request path, rendering, languages), gathered by ``routes``; htmx for partial updates, assets
in the package."""
