// /api/v1 itself serves nothing: the same JSON 404 as every unknown path below it.
export { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } from "./[...path]/route";
