import { timingSafeEqual } from "node:crypto";
import type { Cookie } from "elysia";
import type { RateLimitStore } from "./rate-limit-store";
import { SESSION_MS } from "./service";

/** Marks a browser that once signed in to an account (for that account's email only). */
export const DEVICE_COOKIE = "ksdevice";
const DEVICE_COOKIE_MS = 365 * 24 * 60 * 60 * 1000;

/**
 * Where an account's owner has signed in before: a device cookie from an earlier sign-in, or an
 * address that signed in within a session's length. Failed guesses from elsewhere slow down the
 * email for everyone else, never for these; each of them has its own counts instead, so a guesser
 * who shares the owner's address is still slowed.
 */
export class SignInSources {
  constructor(
    private readonly secret: string,
    private readonly knownAddresses: RateLimitStore,
  ) {}

  private signature(deviceId: string, email: string) {
    return new Bun.CryptoHasher("sha256", this.secret)
      .update(`sign-in device\n${deviceId}\n${email}`)
      .digest();
  }

  /** The device a cookie names, when it was given for this email. */
  private deviceOf(value: unknown, email: string): string | undefined {
    if (typeof value !== "string") return undefined;
    const [deviceId, signature] = value.split(".");
    if (!deviceId || !signature) return undefined;
    const given = Buffer.from(signature, "base64url");
    const expected = this.signature(deviceId, email);
    return given.length === expected.length && timingSafeEqual(given, expected) ? deviceId : undefined;
  }

  /** The owner's own source this attempt comes from (its counts' name), or undefined for a stranger's. */
  async of(email: string, address: string, deviceCookie: unknown, now = Date.now()) {
    const device = this.deviceOf(deviceCookie, email);
    if (device) return `device ${device}`;
    const known = await this.knownAddresses.change<true, boolean>(`${email}\n${address}`, now, (state) => ({
      answer: state === true,
    }));
    return known ? `address ${address}` : undefined;
  }

  /** After a sign-in that proved the password (or the email): this browser and address are the owner's. */
  async trust(
    jar: Cookie<unknown> | undefined,
    secureCookies: boolean,
    email: string,
    address: string,
    now = Date.now(),
  ) {
    const current = this.deviceOf(jar?.value, email);
    if (jar && !current) {
      const deviceId = Buffer.from(crypto.getRandomValues(new Uint8Array(16))).toString("base64url");
      jar.set({
        value: `${deviceId}.${this.signature(deviceId, email).toString("base64url")}`,
        httpOnly: true,
        sameSite: "lax",
        secure: secureCookies,
        path: "/api/login",
        expires: new Date(now + DEVICE_COOKIE_MS),
      });
    }
    await this.knownAddresses.change<true, void>(`${email}\n${address}`, now, () => ({
      answer: undefined,
      keep: { state: true, expiresAt: now + SESSION_MS },
    }));
  }
}
