import { createHash } from "node:crypto";
import { withDatabaseErrors } from "@/lib/http/handler";
import { ApiError } from "@/lib/schema/errors";
import { LOGO_SIZES } from "@/lib/domain/enums";
import { getCompanyLogoSource } from "@/lib/logos/queries";
import { renderLogoSvg } from "@/lib/logos/monogram";

/**
 * GET /logos/{company_id}/{N}x{N}.svg for N in LOGO_SIZES: the company's generated monogram.
 *
 * Public, no authentication: logos are brand images referenced by the `logos` URLs of the API and
 * by `<img>` tags in the dashboard, which cannot send a Bearer key; they reveal only a company's
 * name initials and colour, which the public company list already exposes.
 *
 * Every miss (unknown company, id that is not a UUID, size not offered, other file name) is a 404:
 * the URL space behaves like a directory of static files, where a name that does not exist is
 * simply not found. Error bodies use the API's error shape.
 */

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** "24x24.svg" -> 24, for exactly the offered sizes (no "024x024.svg" aliases). */
const FILE_SIZES = new Map<string, number>(LOGO_SIZES.map((n) => [`${n}x${n}.svg`, n]));

function notFound(message: string): Response {
  return Response.json(
    ApiError.notFound(message).toBody(),
    { status: 404, headers: { "Cache-Control": "no-store", "X-Content-Type-Options": "nosniff" } },
  );
}

type Params = { params: Promise<{ companyId: string; file: string }> };

export const GET = (request: Request, context: Params) => withDatabaseErrors(request, () => logo(request, context));

async function logo(request: Request, { params }: Params): Promise<Response> {
  const { companyId, file } = await params;
  const size = FILE_SIZES.get(file);
  if (size === undefined) return notFound(`No such logo file; available: ${[...FILE_SIZES.keys()].join(", ")}.`);
  if (!UUID_PATTERN.test(companyId)) return notFound("No company with this id.");

  const company = await getCompanyLogoSource(companyId.toLowerCase());
  if (!company) return notFound("No company with this id.");

  const svg = renderLogoSvg({ name: company.name, color: company.logoColor, size });
  const etag = `"${createHash("sha256").update(svg).digest("base64url").slice(0, 22)}"`;
  const headers = {
    "Content-Type": "image/svg+xml; charset=utf-8",
    // A day, and `immutable` so browsers do not revalidate on reload; the ETag makes later
    // revalidation cheap if a company's name or colour changes.
    "Cache-Control": "public, max-age=86400, immutable",
    ETag: etag,
    "X-Content-Type-Options": "nosniff",
    // The SVG is ours, but if one were ever opened directly, forbid scripts in it.
    "Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'; sandbox",
  };
  const ifNoneMatch = request.headers.get("if-none-match");
  if (ifNoneMatch && ifNoneMatch.split(",").some((tag) => tag.trim() === etag)) {
    return new Response(null, { status: 304, headers });
  }
  return new Response(svg, { status: 200, headers });
}
