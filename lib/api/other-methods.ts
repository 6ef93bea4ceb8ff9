// What a route answers for the methods it does not serve: the 405 envelope with the path's
// `Allow`, and CORS preflights for OPTIONS. A route re-exports the names it lacks:
//
//   export { POST, PUT, PATCH, DELETE, OPTIONS } from "@/lib/api/other-methods";
export {
  v1MethodNotAllowed as GET,
  v1MethodNotAllowed as POST,
  v1MethodNotAllowed as PUT,
  v1MethodNotAllowed as PATCH,
  v1MethodNotAllowed as DELETE,
  v1Preflight as OPTIONS,
} from "./v1-route";
