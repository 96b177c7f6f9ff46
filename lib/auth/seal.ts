import { createCipheriv, createDecipheriv, createHmac, hkdfSync } from "node:crypto";
import { authSecret } from "./secret";

/**
 * Sealing (AES-256-GCM) under keys derived from the installation's secret, one pair per purpose, so
 * a token sealed for one purpose never opens as another's. The IV is derived from the content: one
 * content always seals to the same token (a list cursor's page keeps its ETag), and two contents
 * never share an IV. Used by list cursors (lib/http/cursor.ts) and webhook signing secrets
 * (lib/webhooks/secrets.ts), which must be read back to sign, so they cannot be hashed.
 */
export interface Sealer {
  seal(plain: Buffer): string;
  /** The sealed content, or undefined for a token this installation did not seal for this purpose. */
  open(token: string): Buffer | undefined;
}

const IV_BYTES = 12;
const TAG_BYTES = 16;

export function sealer(purpose: string): Sealer {
  let keys: { cipher: Buffer; iv: Buffer } | undefined;
  const derive = (label: string) => Buffer.from(hkdfSync("sha256", authSecret(), "", `${purpose} ${label}`, 32));
  const keysOf = () => (keys ??= { cipher: derive("cipher"), iv: derive("iv") });
  return {
    seal(plain) {
      const { cipher: cipherKey, iv: ivKey } = keysOf();
      const iv = createHmac("sha256", ivKey).update(plain).digest().subarray(0, IV_BYTES);
      const cipher = createCipheriv("aes-256-gcm", cipherKey, iv);
      const sealed = Buffer.concat([cipher.update(plain), cipher.final()]);
      return Buffer.concat([iv, sealed, cipher.getAuthTag()]).toString("base64url");
    },
    open(token) {
      const bytes = Buffer.from(token, "base64url");
      if (bytes.length < IV_BYTES + TAG_BYTES + 1) return undefined;
      try {
        const decipher = createDecipheriv("aes-256-gcm", keysOf().cipher, bytes.subarray(0, IV_BYTES));
        decipher.setAuthTag(bytes.subarray(-TAG_BYTES));
        return Buffer.concat([decipher.update(bytes.subarray(IV_BYTES, -TAG_BYTES)), decipher.final()]);
      } catch {
        // Not sealed by this installation (edited, truncated, another secret or purpose).
        return undefined;
      }
    },
  };
}
