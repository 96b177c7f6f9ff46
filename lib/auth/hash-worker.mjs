// @ts-check
/**
 * The password hashing threads of lib/auth/password.ts (a piscina pool): bcrypt, synchronous here
 * because this thread does nothing else, at the lower CPU priority the pool gives it.
 */
import { hashSync, verifySync } from "@node-rs/bcrypt";

/** @param {{ plain: string, stored?: string, cost?: number }} task the new hash (with `cost`), or whether `plain` matches `stored` */
export default function hashTask({ plain, stored, cost }) {
  return stored === undefined ? hashSync(plain, cost) : verifySync(plain, stored);
}
