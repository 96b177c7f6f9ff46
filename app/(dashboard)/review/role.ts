/** The role the review page (its layout and its page) is for. */
export const REVIEW_ROLE = "team_lead";
