/**
 * The sign-in form's message for a throttled sign-in. next-auth hands the form only an error
 * code, so the wait rides in it: "TooManyAttempts.<seconds>". Client-safe (no database import).
 */
const THROTTLED_CODE = "TooManyAttempts";

export function throttledCode(retryAfterSeconds: number): string {
  return `${THROTTLED_CODE}.${Math.max(1, Math.ceil(retryAfterSeconds))}`;
}

/** The message for a throttled code, or null for any other code. */
export function throttledMessage(code: string | null | undefined): string | null {
  if (!code || (code !== THROTTLED_CODE && !code.startsWith(`${THROTTLED_CODE}.`))) return null;
  const seconds = Number.parseInt(code.slice(THROTTLED_CODE.length + 1), 10);
  const minutes = Number.isInteger(seconds) && seconds > 0 ? Math.ceil(seconds / 60) : 15;
  return `Too many failed sign-ins for this account or network. Try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`;
}
