"use client";

import { createContext, useContext } from "react";
import { IntentLink } from "@/components/intent-link";

/**
 * Whether the signed-in user may open company pages (the `companies` permission), set once by the
 * dashboard layout: without it a company name is plain text, not a link to a 403.
 */
const CanOpenCompanies = createContext(false);

export function CompanyLinksProvider({ canOpen, children }: { canOpen: boolean; children: React.ReactNode }) {
  return <CanOpenCompanies.Provider value={canOpen}>{children}</CanOpenCompanies.Provider>;
}

export function useCanOpenCompanies(): boolean {
  return useContext(CanOpenCompanies);
}

/** A company's name: a link to its page (prefetched on intent) for those who may open it, else text. */
export function CompanyLink({ id, className, children }: { id: string; className?: string; children: React.ReactNode }) {
  const canOpen = useCanOpenCompanies();
  if (!canOpen) return <span className={className} data-testid="company-name-text">{children}</span>;
  return (
    <IntentLink href={`/companies/${id}`} className={className}>
      {children}
    </IntentLink>
  );
}
