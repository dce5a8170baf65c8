// Swagger UI started on the OpenAPI document: a file, since pages allow no inline script (Content-Security-Policy)
window.ui = SwaggerUIBundle({
  url: "openapi.json",
  dom_id: "#swagger-ui",
  deepLinking: true,
  validatorUrl: null,
  docExpansion: "list",
});
