// GET /api/v1/openapi.json and GET /api/public/openapi.json: a router's OpenAPI document.
// The partner document is public (keys are not looked at; the per-IP request budget
// applies), so tools fetch it without a key, from any origin. The first-party document is
// internal: it answers the site's own pages only, like the rest of its router.
import { publicOperations } from "./contract/public-operations";
import { v1Operations } from "./contract/v1-operations";
import { withCors } from "./cors";
import { openApiDocument } from "./openapi/document";
import { publicRoute } from "./public-route";
import { createRoute, type RouteHandler } from "./route";

export const v1OpenApiRoute: RouteHandler = createRoute(
  { ...v1Operations.getOpenApiDocument, access: "open" },
  ({ ctx }) => openApiDocument("v1", ctx.config),
  (_request, _runtime, response) => withCors(response),
);

export const publicOpenApiRoute: RouteHandler = publicRoute(publicOperations.getPublicOpenApiDocument, ({ ctx }) =>
  openApiDocument("public", ctx.config),
);
