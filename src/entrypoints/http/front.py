"""What a person or a load balancer opens first, outside the API's key and rate limits:

- ``GET /``: a small page pointing to the API's documentation, the health checks and the console;
- ``GET /health``: the process answers (liveness); ``GET /ready``: the database answers and is at the
  latest migration (readiness; 503 otherwise);
- ``GET /api/v1/docs``: the OpenAPI document rendered by Swagger UI, whose files are served from the
  ``swagger-ui-bundle`` package under ``/api/v1/docs/assets/`` (no CDN).

The pages carry the console's Content-Security-Policy (set for every HTML reply by
``serving.reply_headers``), which allows no inline script or style: their own are files beside them
(``/front.css``, ``/api/v1/docs/start.js``).
"""

from __future__ import annotations

from importlib import resources

from starlette.requests import Request
from starlette.responses import HTMLResponse, Response
from starlette.routing import BaseRoute, Mount, Route
from starlette.staticfiles import StaticFiles

from workforce_entrypoints.bootstrap import schema
from workforce_entrypoints.http.replies import reply

DOCS_PATH = "/api/v1/docs"
ASSETS_PATH = f"{DOCS_PATH}/assets"
STYLE_PATH = "/front.css"
START_PATH = f"{DOCS_PATH}/start.js"
PATHS = ("/", "/health", "/ready", DOCS_PATH, STYLE_PATH, START_PATH)  # and the files under ASSETS_PATH


def is_front(path: str) -> bool:
    """A path of these pages: outside the API's contract (the OpenAPI document)."""
    return path in PATHS or path.startswith(ASSETS_PATH + "/")


PAGES = "workforce_entrypoints.http.pages"


def _page(name: str) -> HTMLResponse:
    return HTMLResponse(resources.files(PAGES).joinpath(name).read_text(encoding="utf-8"))


async def home(request: Request) -> Response:
    return _page("home.html")


async def docs(request: Request) -> Response:
    return _page("docs.html")


def _file(name: str, media_type: str) -> Response:
    return Response(resources.files(PAGES).joinpath(name).read_bytes(), media_type=media_type)


async def style(request: Request) -> Response:
    return _file("front.css", "text/css")


async def start_docs(request: Request) -> Response:
    return _file("docs.js", "text/javascript")


async def health(request: Request) -> Response:
    return reply({"status": "ok"})


async def ready(request: Request) -> Response:
    services = request.app.state.services
    is_ready, found = await request.app.state.threads.run(schema.readiness, services.engine)
    return reply({"status": "ready" if is_ready else "not_ready", **found}, status=200 if is_ready else 503)


def routes() -> list[BaseRoute]:
    """Built when the app is: the Swagger UI package is found then, not at import."""
    from swagger_ui_bundle import swagger_ui_path

    return [
        Route("/", home, methods=["GET"], name="home"),
        Route("/health", health, methods=["GET"], name="health"),
        Route("/ready", ready, methods=["GET"], name="ready"),
        Route(DOCS_PATH, docs, methods=["GET"], name="api_docs"),
        Route(STYLE_PATH, style, methods=["GET"], name="front_style"),
        Route(START_PATH, start_docs, methods=["GET"], name="api_docs_start"),
        Mount(ASSETS_PATH, StaticFiles(directory=str(swagger_ui_path)), name="api_docs_assets"),
    ]
