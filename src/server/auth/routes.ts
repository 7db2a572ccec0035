import { Elysia } from "elysia";
import type { AppDatabase } from "../../../db/client";
import { forgotPasswordSchema, loginSchema, registerSchema, resetPasswordSchema } from "../../shared/schemas";
import { AppError } from "../errors";
import { clientAddress } from "../http/client-address";
import { parseInput } from "../http/parse-input";
import type { Mailer } from "../mail/mailer";
import { FailureLimiter, rateLimited } from "./failure-limiter";
import { GrowingDelay } from "./growing-delay";
import { FORGOT_PASSWORD_ANSWER, requestPasswordReset, resetPassword } from "./password-reset";
import { authPlugin } from "./plugin";
import { rateLimitStore } from "./rate-limit-store";
import {
  createSession,
  deleteSession,
  deleteUserSessions,
  registerUser,
  toPublicUser,
  verifyCredentials,
} from "./service";
import { clearSessionCookie, SESSION_COOKIE, secureCookiesFrom, setSessionCookie } from "./session-cookie";

export type AuthLimits = {
  /** Failed sign-ins per email answered at once; after them each attempt waits longer. */
  loginFailuresPerEmail: number;
  /** The first wait after those, doubled per further failure up to `loginDelayMaxMs`. */
  loginDelayBaseMs: number;
  loginDelayMaxMs: number;
  /** Failed sign-ins allowed per address in the window, whatever the emails. */
  loginFailuresPerAddress: number;
  /** Accounts one address may create in the window. */
  registrationsPerAddress: number;
  /** Reset emails one address may ask for in the window. */
  resetRequestsPerAddress: number;
  windowMs: number;
};

export const DEFAULT_AUTH_LIMITS: AuthLimits = {
  loginFailuresPerEmail: 5,
  loginDelayBaseMs: 1000,
  loginDelayMaxMs: 60_000,
  loginFailuresPerAddress: 20,
  registrationsPerAddress: 20,
  resetRequestsPerAddress: 10,
  windowMs: 15 * 60 * 1000,
};

export type AuthOptions = {
  limits?: AuthLimits;
  /** Proxies allowed to name the client's address (TRUSTED_PROXY). */
  trustedProxies?: readonly string[];
  /** Sends the password-reset emails. */
  mailer: Mailer;
  /** Where reset links point; the request's own origin when unset. */
  publicUrl?: string;
};

const waitText = (ms: number) => {
  const seconds = Math.ceil(ms / 1000);
  if (seconds < 60) return seconds === 1 ? "a second" : `${seconds} seconds`;
  const minutes = Math.ceil(seconds / 60);
  return minutes === 1 ? "a minute" : `${minutes} minutes`;
};
const tooMany = (waitMs: number) =>
  rateLimited(`Too many attempts. Please wait ${waitText(waitMs)} before trying again.`, waitMs);

export const authRoutes = (
  db: AppDatabase,
  billingEnabled: boolean,
  { limits = DEFAULT_AUTH_LIMITS, trustedProxies = [], mailer, publicUrl }: AuthOptions,
) => {
  // Per email a growing wait, never a lockout, so nobody can lock another person out; per
  // address a hard limit, so guesses spread over many emails are still stopped.
  const publicOrigin = publicUrl ? new URL(publicUrl).origin : undefined;
  const byEmail = new GrowingDelay(rateLimitStore(db, "sign-in-email"), {
    freeAttempts: limits.loginFailuresPerEmail,
    baseMs: limits.loginDelayBaseMs,
    maxMs: limits.loginDelayMaxMs,
    forgetAfterMs: limits.windowMs,
  });
  const byAddress = new FailureLimiter(
    rateLimitStore(db, "sign-in-address"),
    limits.loginFailuresPerAddress,
    limits.windowMs,
  );
  const registrations = new FailureLimiter(
    rateLimitStore(db, "registrations"),
    limits.registrationsPerAddress,
    limits.windowMs,
  );
  const resetRequests = new FailureLimiter(
    rateLimitStore(db, "password-reset-requests"),
    limits.resetRequestsPerAddress,
    limits.windowMs,
  );

  return new Elysia()
    .use(authPlugin(db, billingEnabled))
    .post("/register", async ({ body, cookie, request, set, store }) => {
      const input = parseInput(registerSchema, body);
      const address = clientAddress(request, trustedProxies);
      // Counted before the await, so parallel registrations cannot all pass the check.
      const wait = await registrations.take(address);
      if (wait > 0) throw tooMany(wait);
      const row = await registerUser(db, input);
      const session = await createSession(db, row.id);
      setSessionCookie(
        cookie[SESSION_COOKIE] as never,
        secureCookiesFrom(store),
        session.token,
        session.expiresAt,
      );
      set.status = 201;
      return toPublicUser(row, billingEnabled);
    })
    .post("/login", async ({ body, cookie, request, store }) => {
      const input = parseInput(loginSchema, body);
      const emailKey = input.email.toLowerCase();
      const address = clientAddress(request, trustedProxies);
      // Each attempt counts as a failure from the start (in-flight ones included) and is given
      // back if the password is right: a burst of parallel guesses is throttled like a series.
      const addressWait = await byAddress.take(address);
      if (addressWait > 0) throw tooMany(addressWait);
      const emailWait = await byEmail.take(emailKey);
      if (emailWait > 0) {
        await byAddress.giveBack(address);
        throw tooMany(emailWait);
      }
      const row = await verifyCredentials(db, input);
      if (!row) {
        await byEmail.failed(emailKey);
        throw new AppError("UNAUTHORIZED", "Incorrect email or password.");
      }
      await Promise.all([byEmail.reset(emailKey), byAddress.giveBack(address)]);
      const session = await createSession(db, row.id);
      setSessionCookie(
        cookie[SESSION_COOKIE] as never,
        secureCookiesFrom(store),
        session.token,
        session.expiresAt,
      );
      return toPublicUser(row, billingEnabled);
    })
    .post("/logout", async ({ cookie }) => {
      const jar = cookie[SESSION_COOKIE];
      if (jar && typeof jar.value === "string") await deleteSession(db, jar.value);
      if (jar) clearSessionCookie(jar);
      return { ok: true };
    })
    .post(
      "/logout/everywhere",
      async ({ user, cookie }) => {
        await deleteUserSessions(db, user.id);
        cookie[SESSION_COOKIE]?.remove();
        return { ok: true };
      },
      { auth: "session" },
    )
    .post("/password/forgot", async ({ body, request }) => {
      const { email } = parseInput(forgotPasswordSchema, body);
      const wait = await resetRequests.take(clientAddress(request, trustedProxies));
      if (wait > 0) throw tooMany(wait);
      const origin = publicOrigin ?? new URL(request.url).origin;
      // Not awaited: a known email must take no longer to answer than an unknown one.
      requestPasswordReset(db, mailer, email, origin).catch((error: unknown) =>
        console.error(
          "Password reset email could not be sent:",
          error instanceof Error ? error.message : error,
        ),
      );
      return { message: FORGOT_PASSWORD_ANSWER };
    })
    .post("/password/reset", async ({ body, cookie, store }) => {
      const { user, session } = await resetPassword(db, parseInput(resetPasswordSchema, body));
      setSessionCookie(
        cookie[SESSION_COOKIE] as never,
        secureCookiesFrom(store),
        session.token,
        session.expiresAt,
      );
      return toPublicUser(user, billingEnabled);
    })
    .get("/auth/user", ({ user }) => user, { auth: "session" });
};
