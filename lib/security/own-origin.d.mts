/** lib/security/own-origin.mjs */
export function isOwnOrigin(origin: string | null | undefined, header: (name: string) => string | null | undefined): boolean;
