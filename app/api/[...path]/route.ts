// Any /api path no route serves, /api/v1%2Fcompanies among them (its encoded slash is no /api/v1/
// path): the same JSON 404 as every unknown path under /api/v1, never Next's HTML page.
export { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } from "../v1/[...path]/route";
