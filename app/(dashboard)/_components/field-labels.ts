/**
 * The names of the fields that a form, a detail page and a table column all show, one wording
 * each. The verification officer is whom the marketplace team contacts to verify a trade (the
 * spec's verification_officer_*); who verified it is the audit trail's, shown as "Verified by".
 */
export const SHARED_FIELD_LABELS = {
  verification_officer_name: "Verification officer",
  verification_officer_email: "Verification officer's e-mail",
  attributed_to_owner: "Attributed to owner",
} as const;
