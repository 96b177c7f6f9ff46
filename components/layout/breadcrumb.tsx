import Link from "next/link";

/** "Companies / Acme": the list a detail page belongs to, then the page itself. */
export function Breadcrumb({ parent, current }: { parent: { href: string; label: string }; current: React.ReactNode }) {
  return (
    <nav aria-label="Breadcrumb" className="text-xs text-slate-500">
      <Link href={parent.href} className="hover:text-slate-800 hover:underline">
        {parent.label}
      </Link>
      <span aria-hidden="true"> / </span>
      <span aria-current="page">{current}</span>
    </nav>
  );
}
