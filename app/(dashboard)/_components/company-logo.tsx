import type { LogoSize } from "@/lib/domain/enums";

/**
 * A company's generated logo from our own /logos route. A plain <img>: the SVGs are tiny, already
 * sized per request, and next/image would add nothing but an optimisation hop. Decorative
 * (alt="") because the company name is always next to it. Loaded eagerly: a page holds at most
 * 100 of these tiny SVGs, and the browser caches them.
 */
export function CompanyLogo({ id, size, className }: { id: string; size: LogoSize; className?: string }) {
  return (
    // eslint-disable-next-line @next/next/no-img-element
    <img
      src={`/logos/${id}/${size}x${size}.svg`}
      width={size}
      height={size}
      alt=""
      decoding="async"
      className={`shrink-0 rounded ${className ?? ""}`}
      data-testid="company-logo"
    />
  );
}
