import "server-only";
import { newRowId } from "../db/row-id";
import { getEngine, type Db } from "../db/client";
import { transaction } from "../db/transaction";
import { execute, insertRows } from "../db/write-sql";
import { createCache } from "../cache/registry";

/**
 * Sign-in throttling: failed sign-ins are counted per account (the e-mail typed, known or not, so
 * the limit tells nothing about which accounts exist) and per client address, over a sliding
 * window. Past a limit, sign-in answers 429 with Retry-After before any password is checked, so
 * a flood of guesses costs a row count, not a bcrypt hash. The rows are in the database
 * (`sign_in_failures`), so the limits hold across processes. Successful sign-ins are not counted.
 */

export const SIGN_IN_WINDOW_MS = 15 * 60 * 1000;

export interface SignInLimits {
  /** Failures per account within the window: 20 (issue 16). */
  account: number;
  /** Failures per client address within the window (SIGN_IN_ADDRESS_LIMIT, default 100). */
  address: number;
}

function signInLimits(env: NodeJS.ProcessEnv = process.env): SignInLimits {
  const address = Number.parseInt(env.SIGN_IN_ADDRESS_LIMIT ?? "", 10);
  return { account: 20, address: Number.isInteger(address) && address > 0 ? address : 100 };
}

export interface SignInAttempt {
  /** The normalised e-mail typed. */
  email: string;
  address: string;
}

function subjects(attempt: SignInAttempt, limits: SignInLimits): { subject: string; limit: number }[] {
  return [
    { subject: `account:${attempt.email}`, limit: limits.account },
    { subject: `address:${attempt.address}`, limit: limits.address },
  ];
}

/**
 * When each throttled subject's throttle ends, as this process last read it. Nothing removes a
 * failure before it expires, so a throttle can only last longer than read here (another process
 * may add failures), never end sooner: until then a refusal needs no database read. A flood of
 * guesses at a throttled account is what this serves (docs/performance.md, "Sign-in gate").
 */
const throttledUntil = createCache<string, number>("signIn.throttledUntil");

/**
 * Seconds until the attempt may be made as far as this process knows without reading the
 * database: 0 unless its account or address is known to be throttled. A refusal from here is
 * always right; its wait is the longer known one (the other subject's throttle, if any and not yet
 * read, may end later: the retry is then refused again, with the rest of the wait).
 */
export function knownSignInRetryAfter(attempt: SignInAttempt, now = new Date(), limits = signInLimits()): number {
  const known = Math.max(0, ...subjects(attempt, limits).map(({ subject }) => (throttledUntil.get(subject) ?? 0) - now.getTime()));
  return Math.ceil(known / 1000);
}

/**
 * Seconds until the attempt may be made, or 0 when it may be made now. A throttle found is
 * remembered (`remember`) only when every row read stays: not when in-flight attempts are among them.
 */
export async function signInRetryAfter(db: Db, attempt: SignInAttempt, now = new Date(), limits = signInLimits(), remember = true): Promise<number> {
  const known = knownSignInRetryAfter(attempt, now, limits);
  if (known > 0) return known;

  const since = new Date(now.getTime() - SIGN_IN_WINDOW_MS);
  let wait = 0;
  for (const { subject, limit } of subjects(attempt, limits)) {
    // The failure whose expiry brings the count back under the limit: the (count - limit + 1)th
    // oldest in the window. Reading `limit` newest rows from the index is enough to find it.
    const newest = await db.signInFailure.findMany({
      where: { subject, failedAt: { gt: since } },
      orderBy: { failedAt: "desc" },
      take: limit,
      select: { failedAt: true },
    });
    if (newest.length < limit) continue;
    const expires = newest[limit - 1].failedAt.getTime() + SIGN_IN_WINDOW_MS;
    if (remember) throttledUntil.set(subject, expires);
    wait = Math.max(wait, Math.ceil((expires - now.getTime()) / 1000));
  }
  return wait;
}

/** Counts a failed sign-in under its account and its address; drops their expired rows. Returns the ids of its rows. */
export async function recordSignInFailure(db: Db, attempt: SignInAttempt, now = new Date()): Promise<string[]> {
  const rows = subjects(attempt, signInLimits()).map(({ subject }) => ({ id: newRowId(), subject, failedAt: now }));
  await transaction(async ({ tx }) => {
    const { dialect } = getEngine();
    const expired = dialect.timestampParam(new Date(now.getTime() - SIGN_IN_WINDOW_MS));
    await execute(tx, dialect.db.deleteFrom("sign_in_failures").where("subject", "in", rows.map((r) => r.subject)).where("failed_at", "<=", expired as never));
    await insertRows(tx, "sign_in_failures", rows);
  }, db);
  return rows.map((r) => r.id);
}

/** Takes back what recordSignInFailure counted (a sign-in that succeeded, or one refused). */
export async function forgetSignInFailure(db: Db, ids: string[]): Promise<void> {
  await db.signInFailure.deleteMany({ where: { id: { in: ids } } });
}

/**
 * Lets an attempt check its password, or says how long to wait. The attempt is counted as a
 * failure first and the limits read after, so guesses that arrive together cannot all pass a limit
 * that only one more may pass: each sees the others' rows (the check-then-count order let 8
 * concurrent guesses make 27 failures of an account's 20). Its rows are forgotten when it is
 * refused (a refusal is not a failure) and, by the caller, when its password was right.
 */
export async function admitSignInAttempt(db: Db, attempt: SignInAttempt, now = new Date()): Promise<{ counted: string[] } | { wait: number }> {
  const known = knownSignInRetryAfter(attempt, now);
  if (known > 0) return { wait: known };
  const counted = await recordSignInFailure(db, attempt, now);
  const limits = signInLimits();
  // Among the rows read are this attempt's own and maybe others under way, which may yet be
  // forgotten: over a limit is one row more than it, and nothing is remembered. Guesses racing at
  // the limit may all be refused (none checked); none is ever let past it.
  const wait = await signInRetryAfter(db, attempt, now, { account: limits.account + 1, address: limits.address + 1 }, false);
  if (wait === 0) return { counted };
  await forgetSignInFailure(db, counted);
  return { wait };
}
