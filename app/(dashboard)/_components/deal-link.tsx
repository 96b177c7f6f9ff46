import { IntentLink } from "@/components/intent-link";

/**
 * A link to a deal's page (/deals/{id}), shown as the start of its id after the caller's own words
 * ("From deal …"): a deal has no permalink, and eight hex digits tell a team's deals apart. Its
 * accessible name says it is a deal; the whole id is its title.
 */
export function DealLink({ id, className = "" }: { id: string; className?: string }) {
  const short = id.slice(0, 8);
  return (
    <IntentLink
      href={`/deals/${id}`}
      title={`Deal ${id}`}
      aria-label={`Deal ${short}`}
      className={`whitespace-nowrap font-mono font-medium text-indigo-700 underline ${className}`}
      data-testid="deal-link"
    >
      {short}
    </IntentLink>
  );
}
