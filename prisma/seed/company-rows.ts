import type { Rng } from "../../lib/random";
import { rowSource } from "./prng";
import { asciiSlug, type CompanyRow } from "./generators";
import { HEADQUARTERS, INVESTORS, NAME_ENDINGS, NAME_STARTS, SECTORS, type Headquarters, type Sector } from "./vocab";
import { companySearchText } from "../../lib/companies/search";

/**
 * Companies: one generator for the demo seed and the large seed (prisma/seed/large.ts).
 *
 * The two data sets differ only where their sizes and their consumers require it, as a style:
 * - "demo" (up to 1,344 companies): names from the NAME_STARTS x NAME_ENDINGS stems, a fifth of
 *   them without a sector word; the dashboard, the browser tests and the README show these rows.
 * - "large" (up to 1,344 x SECTORS = 29,568 companies): every name carries its sector word, so
 *   there are enough distinct names; its description, URLs and logo colour keep the form the
 *   benchmark's data set was measured with (docs/performance.md, "The large data set"), so the
 *   data set is unchanged.
 * Id, headquarters, legal name, search text, lead investors and the row shape are common.
 */

function hslToHex(h: number, s: number, l: number): string {
  const a = s * Math.min(l, 1 - l);
  const channel = (n: number) => {
    const k = (n + h / 30) % 12;
    const c = l - a * Math.max(-1, Math.min(k - 3, 9 - k, 1));
    return Math.round(c * 255)
      .toString(16)
      .padStart(2, "0");
  };
  return `#${channel(0)}${channel(8)}${channel(4)}`;
}

function relativeLuminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** A saturated brand colour dark enough for the white monogram (WCAG contrast >= 4.5 with white). */
function logoColor(rng: Rng): string {
  const hue = rng.between(0, 360);
  const saturation = rng.between(0.55, 0.75);
  let lightness = rng.between(0.32, 0.44);
  let hex = hslToHex(hue, saturation, lightness);
  while (1.05 / (relativeLuminance(hex) + 0.05) < 4.5 && lightness > 0.1) {
    lightness -= 0.02;
    hex = hslToHex(hue, saturation, lightness);
  }
  return hex;
}

export type CompanyStyle = "demo" | "large";

const ROOT_COUNT = NAME_STARTS.length * NAME_ENDINGS.length;
// Coprime with ROOT_COUNT (1,344 = 2^6 * 3 * 7), so `index -> root` is a bijection: names are
// unique without looking at other rows.
const ROOT_STEP = 229;

const LARGE_NAME_SPACE = ROOT_COUNT * SECTORS.length;
// Coprime with LARGE_NAME_SPACE (a prime that does not divide it): `index -> name` is a bijection,
// so every company gets a distinct name, and consecutive companies do not look alike.
const LARGE_NAME_STEP = 7_919;

/** How many companies (distinct names) a style can generate. */
export const COMPANY_CAPACITY: Record<CompanyStyle, number> = { demo: ROOT_COUNT, large: LARGE_NAME_SPACE };

/** The slug of a company's website and marketplace profile: "Northwind Robotics" -> "northwind-robotics". */
export function companySlug(name: string): string {
  return asciiSlug(name);
}

/** Company `index` of the data set generated from `seed`. */
export function companyRow(seed: number, index: number, style: CompanyStyle = "demo"): CompanyRow {
  const capacity = COMPANY_CAPACITY[style];
  if (!Number.isInteger(index) || index < 0 || index >= capacity) throw new RangeError(`at most ${capacity} companies`);
  const { id, rng } = rowSource(seed, "company", index);
  const { stem, name, sector } = style === "demo" ? demoCompanyName(rng, index) : largeCompanyName(index);
  const hq = rng.weighted(HEADQUARTERS.map((h) => [h, h.weight] as const));
  const legalName = `${name}${rng.pick(hq.legalSuffixes)}`;
  const text =
    style === "demo" ? demoCompanyText(rng, name, sector, hq) : largeCompanyText(rng, id, { stem, name, sector }, hq);
  return {
    id,
    name,
    legalName,
    searchText: companySearchText(name, legalName),
    country: hq.country,
    region: hq.region,
    url: text.url,
    platformUrl: text.platformUrl,
    description: text.description,
    logoColor: text.logoColor,
    leadInvestors: JSON.stringify(text.investors),
  };
}

interface CompanyName {
  /** The name without its sector word. */
  stem: string;
  name: string;
  sector: Sector;
}

interface CompanyText {
  url: string;
  platformUrl: string;
  description: string;
  logoColor: string;
  investors: string[];
}

// The helpers below draw from the row's PRNG in the order each style always has: changing the
// order (or the number) of draws changes every later field of the data set.

function demoCompanyName(rng: Rng, index: number): CompanyName {
  const root = (index * ROOT_STEP + 17) % ROOT_COUNT;
  const stem = NAME_STARTS[Math.floor(root / NAME_ENDINGS.length)] + NAME_ENDINGS[root % NAME_ENDINGS.length];
  const sector = rng.pick(SECTORS);
  return { stem, name: rng.chance(0.2) ? stem : `${stem} ${sector.word}`, sector };
}

function largeCompanyName(index: number): CompanyName {
  const n = (index * LARGE_NAME_STEP + 11) % LARGE_NAME_SPACE;
  const stem = NAME_STARTS[n % NAME_STARTS.length] + NAME_ENDINGS[Math.floor(n / NAME_STARTS.length) % NAME_ENDINGS.length];
  const sector = SECTORS[Math.floor(n / ROOT_COUNT)];
  return { stem, name: `${stem} ${sector.word}`, sector };
}

function demoCompanyText(rng: Rng, name: string, sector: Sector, hq: Headquarters): CompanyText {
  const slug = companySlug(name);
  const investors = rng.sample(INVESTORS, rng.int(1, 4));
  const founded = rng.int(2008, 2023);
  const tail = rng.pick([
    `employs about ${rng.int(2, 60) * 10} people`,
    `serves customers in ${rng.int(3, 40)} countries`,
    `counts ${investors[0]} among its lead investors`,
    `has raised ${rng.pick(["a Series A", "a Series B", "a Series C", "a Series D", "growth"])} round`,
  ]);
  const description =
    `${name} ${rng.pick(["builds", "develops", "makes", "offers", "runs"])} ${rng.pick(sector.products)}; ` +
    `its customers include ${rng.pick(sector.customers)}. Founded in ${founded} and headquartered in ${hq.city}, ` +
    `it ${tail}.`;
  return {
    url: `https://${slug}.example`,
    platformUrl: `https://marketplace.example/companies/${slug}`,
    description,
    logoColor: logoColor(rng),
    investors,
  };
}

function largeCompanyText(rng: Rng, id: string, { stem, name, sector }: CompanyName, hq: Headquarters): CompanyText {
  const founded = rng.int(2009, 2023);
  const investors = rng.sample(INVESTORS, rng.int(1, 4));
  const description = `${name} builds ${rng.pick(sector.products)} for ${rng.pick(sector.customers)}. Founded in ${founded}, headquartered in ${hq.city}.`;
  const host = `${companySlug(stem)}${companySlug(sector.word)}.example`; // www.northwindrobotics.example
  return {
    url: `https://www.${host}`,
    platformUrl: `https://marketplace.example/companies/${companySlug(name)}-${id.slice(0, 8)}`,
    description,
    logoColor: `#${Math.floor(rng.float() * 0xffffff).toString(16).padStart(6, "0")}`,
    investors,
  };
}
