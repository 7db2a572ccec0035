import { Elysia } from "elysia";
import { type AppDatabase, write } from "../../../db/client";
import {
  forgotPasswordSchema,
  loginSchema,
  logoutEverywhereSchema,
  registerSchema,
  resetPasswordSchema,
} from "../../shared/schemas";
import { AppError } from "../errors";
import { clientAddress } from "../http/client-address";
import type { OwnOrigin } from "../http/own-origin";
import { parseInput } from "../http/parse-input";
import { countActiveApiKeys, revokeAllApiKeys } from "../integration/api-keys";
import type { Mailer } from "../mail/mailer";
import { bearerKey } from "./bearer";
import { FailureLimiter, rateLimited } from "./failure-limiter";
import { GrowingDelay } from "./growing-delay";
import { FORGOT_PASSWORD_ANSWER, requestPasswordReset, resetPassword } from "./password-reset";
import { authPlugin, findRequestUser } from "./plugin";
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
import { DEVICE_COOKIE, SignInSources } from "./sign-in-sources";

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
  /** Where reset links point: never the request's Host, which the sender chooses. */
  ownOrigin: OwnOrigin;
  /** Signs the device cookie that marks a browser an account has signed in from. */
  cookieSecret: string;
  /** Sessions one user may have at once; signing in past it ends the oldest (SESSIONS_PER_USER). */
  sessionsPerUser: number;
};

// While attempts under way decide whether the next may go ahead, it asks again this often, for
// this long at most (a password check takes a fraction of a second).
const IN_FLIGHT_POLL_MS = 25;
const IN_FLIGHT_PATIENCE_MS = 10_000;

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
  {
    limits = DEFAULT_AUTH_LIMITS,
    trustedProxies = [],
    mailer,
    ownOrigin,
    cookieSecret,
    sessionsPerUser,
  }: AuthOptions,
) => {
  // Per email a growing wait, never a lockout, so nobody can lock another person out; per
  // address a hard limit, so guesses spread over many emails are still stopped. Both count only
  // failures, and the owner's own browser or address has counts of its own (SignInSources).
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
  const sources = new SignInSources(cookieSecret, rateLimitStore(db, "sign-in-known-addresses"));

  /**
   * Lets a sign-in be checked, under both limits, or throws 429. While only attempts under way
   * stand in the way it waits for their outcome: correct passwords in parallel all go through.
   */
  const admit = async (addressKey: string, emailKey: string) => {
    const started = Date.now();
    for (;;) {
      const byAddressAnswer = await byAddress.admit(addressKey);
      let answer = byAddressAnswer;
      if (byAddressAnswer.wait === 0) {
        const byEmailAnswer = await byEmail.admit(emailKey);
        if (byEmailAnswer.wait === 0) return { address: byAddressAnswer.at, email: byEmailAnswer.at };
        await byAddress.succeeded(addressKey, byAddressAnswer.at);
        answer = byEmailAnswer;
      }
      if (!answer.inFlight || Date.now() - started > IN_FLIGHT_PATIENCE_MS) throw tooMany(answer.wait);
      await Bun.sleep(IN_FLIGHT_POLL_MS);
    }
  };

  const resetRequests = new FailureLimiter(
    rateLimitStore(db, "password-reset-requests"),
    limits.resetRequestsPerAddress,
    limits.windowMs,
  );

  return (
    new Elysia()
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
        await sources.trust(cookie[DEVICE_COOKIE], secureCookiesFrom(store), row.email, address);
        set.status = 201;
        return toPublicUser(row, billingEnabled);
      })
      .post("/login", async ({ body, cookie, request, store }) => {
        const input = parseInput(loginSchema, body);
        const email = input.email.toLowerCase();
        const address = clientAddress(request, trustedProxies);
        // The owner's own browser counts on its own, wherever it is; their known address for this
        // email only. Strangers share the email's counts.
        const source = await sources.of(email, address, cookie[DEVICE_COOKIE]?.value);
        const addressKey = source?.startsWith("device ") ? source : address;
        const emailKey = source ? `${email}\n${source}` : email;
        const admitted = await admit(addressKey, emailKey);
        const row = await verifyCredentials(db, input).catch(async (error: unknown) => {
          // A check that failed to run (the database away) neither failed nor succeeded: it must
          // not stay counted as under way, or the owner's next try waits on it for nothing.
          await Promise.all([
            byEmail.succeeded(emailKey, admitted.email),
            byAddress.succeeded(addressKey, admitted.address),
          ]);
          throw error;
        });
        if (!row) {
          await Promise.all([
            byEmail.failed(emailKey, admitted.email),
            byAddress.failed(addressKey, admitted.address),
          ]);
          throw new AppError("UNAUTHORIZED", "Incorrect email or password.");
        }
        await Promise.all([
          byEmail.succeeded(emailKey, admitted.email),
          byAddress.succeeded(addressKey, admitted.address),
        ]);
        const session = await createSession(db, row.id, new Date(), sessionsPerUser);
        setSessionCookie(
          cookie[SESSION_COOKIE] as never,
          secureCookiesFrom(store),
          session.token,
          session.expiresAt,
        );
        await sources.trust(cookie[DEVICE_COOKIE], secureCookiesFrom(store), email, address);
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
        async ({ body, user, cookie }) => {
          const { revokeApiKeys } = parseInput(logoutEverywhereSchema, body);
          // Keys do not end with sessions: the page asks first, then both happen in one step.
          const revokedApiKeys = await write(db, async () => {
            const revoked = revokeApiKeys ? await revokeAllApiKeys(db, user.id) : 0;
            await deleteUserSessions(db, user.id);
            return revoked;
          });
          cookie[SESSION_COOKIE]?.remove();
          return { ok: true as const, revokedApiKeys };
        },
        { auth: "session" },
      )
      .post("/password/forgot", async ({ body, request }) => {
        const { email } = parseInput(forgotPasswordSchema, body);
        const wait = await resetRequests.take(clientAddress(request, trustedProxies));
        if (wait > 0) throw tooMany(wait);
        // Not awaited: a known email must take no longer to answer than an unknown one.
        requestPasswordReset(db, mailer, email, ownOrigin.origin).catch((error: unknown) =>
          console.error(
            "Password reset email could not be sent:",
            error instanceof Error ? error.message : error,
          ),
        );
        return { message: FORGOT_PASSWORD_ANSWER };
      })
      .post("/password/reset", async ({ body, cookie, request, store }) => {
        const { user, session, revokedApiKeys } = await resetPassword(
          db,
          parseInput(resetPasswordSchema, body),
        );
        setSessionCookie(
          cookie[SESSION_COOKIE] as never,
          secureCookiesFrom(store),
          session.token,
          session.expiresAt,
        );
        // The link proved the email: this browser and address are the owner's.
        const address = clientAddress(request, trustedProxies);
        await sources.trust(cookie[DEVICE_COOKIE], secureCookiesFrom(store), user.email, address);
        return { ...toPublicUser(user, billingEnabled), revokedApiKeys };
      })
      .get("/auth/user", ({ user }) => user, { auth: "session" })
      // The web app's "who is signed in?": a 200 either way, so a signed-out visitor's first page
      // logs no failed request in the browser's console.
      .get("/auth/session", async ({ cookie, request }) => ({
        user: bearerKey(request)
          ? null
          : await findRequestUser(db, billingEnabled, request, cookie[SESSION_COOKIE]?.value),
      }))
      .get("/auth/api-keys", async ({ user }) => ({ active: await countActiveApiKeys(db, user.id) }), {
        auth: "session",
      })
      .post("/auth/api-keys/revoke", async ({ user }) => ({ revoked: await revokeAllApiKeys(db, user.id) }), {
        auth: "session",
      })
  );
};
