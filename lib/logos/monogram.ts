/**
 * Generated company logos: a monogram (1–2 initials, white) on a rounded square in the company's
 * brand colour. Pure string building, so it renders identically on server and in tests.
 */

const FONT_STACK =
  "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'Noto Sans', sans-serif";
const FALLBACK_COLOR = "#475569";
const COLOR_PATTERN = /^#[0-9a-fA-F]{6}$/;

function escapeXml(value: string): string {
  return value
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&apos;");
}

/** "Northwind Robotics" -> "NR", "Zentrix" -> "Z", "" -> "?". Letters and digits only. */
function monogramInitials(name: string): string {
  const words = name
    .normalize("NFKC")
    .split(/\s+/)
    .map((w) => w.replace(/[^\p{L}\p{N}]/gu, ""))
    .filter((w) => w.length > 0);
  if (words.length === 0) return "?";
  // Array.from keeps surrogate pairs whole.
  const initials = words.slice(0, 2).map((w) => Array.from(w)[0].toLocaleUpperCase("en-US"));
  return initials.join("");
}

export function renderLogoSvg({ name, color, size }: { name: string; color: string; size: number }): string {
  const s = Math.max(1, Math.round(size));
  const fill = COLOR_PATTERN.test(color) ? color.toLowerCase() : FALLBACK_COLOR;
  const initials = monogramInitials(name);
  // Two letters need a smaller type size to keep a margin inside the square.
  const fontSize = Math.round(s * (Array.from(initials).length > 1 ? 0.4 : 0.5) * 100) / 100;
  const radius = Math.round(s * 0.2 * 100) / 100;
  const half = s / 2;
  const label = escapeXml(name);
  // viewBox equals the pixel size, so the square's edges fall on whole pixels (crisp at 1x).
  // dy=".35em" centres the cap height vertically; more portable than dominant-baseline.
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${s}" height="${s}" viewBox="0 0 ${s} ${s}" role="img" aria-label="${label}">` +
    `<title>${label}</title>` +
    `<rect width="${s}" height="${s}" rx="${radius}" ry="${radius}" fill="${fill}"/>` +
    `<text x="${half}" y="${half}" dy=".35em" text-anchor="middle" fill="#ffffff" ` +
    `font-family="${escapeXml(FONT_STACK)}" font-size="${fontSize}" font-weight="600" ` +
    `text-rendering="geometricPrecision">${escapeXml(initials)}</text>` +
    `</svg>`
  );
}
