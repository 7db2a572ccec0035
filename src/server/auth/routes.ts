import { Elysia } from "elysia";
import type { AppDatabase } from "../../../db/client";
import { forgotPasswordSchema, loginSchema, registerSchema, resetPasswordSchema } from "../../shared/schemas";
import { AppError } from "../errors";
import { parseInput } from "../http/parse-input";
import type { Mailer } from "../mail/mailer";
import { FailureLimiter } from "./failure-limiter";
import { FORGOT_PASSWORD_ANSWER, requestPasswordReset, resetPassword } from "./password-reset";
import { authPlugin } from "./plugin";
import { createSession, deleteSession, registerUser, toPublicUser, verifyCredentials } from "./service";
import { clearSessionCookie, SESSION_COOKIE, setSessionCookie } from "./session-cookie";

export type AuthLimits = {
  /** Failed sign-ins allowed per email and per address in the window. */
  loginFailuresPerEmail: number;
  loginFailuresPerAddress: number;
  /** Accounts one address may create in the window. */
  registrationsPerAddress: number;
  /** Reset emails one address may ask for in the window. */
  resetRequestsPerAddress: number;
  windowMs: number;
};

export const DEFAULT_AUTH_LIMITS: AuthLimits = {
  loginFailuresPerEmail: 5,
  loginFailuresPerAddress: 20,
  registrationsPerAddress: 20,
  resetRequestsPerAddress: 10,
  windowMs: 15 * 60 * 1000,
};

const tooMany = () =>
  new AppError("RATE_LIMITED", "Too many attempts. Please wait 15 minutes before trying again.");

export type AuthDeps = {
  mailer: Mailer;
  /** Where reset links point; the request's own origin when unset. */
  publicUrl?: string;
};

export const authRoutes = (db: AppDatabase, limits: AuthLimits, { mailer, publicUrl }: AuthDeps) => {
  const byEmail = new FailureLimiter(limits.loginFailuresPerEmail, limits.windowMs);
  const byAddress = new FailureLimiter(limits.loginFailuresPerAddress, limits.windowMs);
  const registrations = new FailureLimiter(limits.registrationsPerAddress, limits.windowMs);
  const resetRequests = new FailureLimiter(limits.resetRequestsPerAddress, limits.windowMs);

  return new Elysia()
    .use(authPlugin(db))
    .post("/register", async ({ body, cookie, request, server, set }) => {
      const input = parseInput(registerSchema, body);
      const address = server?.requestIP(request)?.address ?? "unknown";
      if (registrations.isBlocked(address)) throw tooMany();
      const row = await registerUser(db, input);
      registrations.record(address);
      const session = createSession(db, row.id);
      setSessionCookie(cookie[SESSION_COOKIE] as never, request, session.token, session.expiresAt);
      set.status = 201;
      return toPublicUser(row);
    })
    .post("/login", async ({ body, cookie, request, server }) => {
      const input = parseInput(loginSchema, body);
      const emailKey = input.email.toLowerCase();
      const address = server?.requestIP(request)?.address ?? "unknown";
      if (byEmail.isBlocked(emailKey) || byAddress.isBlocked(address)) throw tooMany();
      const row = await verifyCredentials(db, input);
      if (!row) {
        byEmail.record(emailKey);
        byAddress.record(address);
        throw new AppError("UNAUTHORIZED", "Incorrect email or password.");
      }
      byEmail.reset(emailKey);
      const session = createSession(db, row.id);
      setSessionCookie(cookie[SESSION_COOKIE] as never, request, session.token, session.expiresAt);
      return toPublicUser(row);
    })
    .post("/logout", ({ cookie }) => {
      const jar = cookie[SESSION_COOKIE];
      if (jar && typeof jar.value === "string") deleteSession(db, jar.value);
      if (jar) clearSessionCookie(jar);
      return { ok: true };
    })
    .post("/password/forgot", ({ body, request, server }) => {
      const { email } = parseInput(forgotPasswordSchema, body);
      const address = server?.requestIP(request)?.address ?? "unknown";
      if (resetRequests.isBlocked(address)) throw tooMany();
      resetRequests.record(address);
      const origin = publicUrl ? new URL(publicUrl).origin : new URL(request.url).origin;
      // Not awaited: a known email must take no longer to answer than an unknown one.
      requestPasswordReset(db, mailer, email, origin).catch((error: unknown) =>
        console.error(
          "Password reset email could not be sent:",
          error instanceof Error ? error.message : error,
        ),
      );
      return { message: FORGOT_PASSWORD_ANSWER };
    })
    .post("/password/reset", async ({ body, cookie, request }) => {
      const { user, session } = await resetPassword(db, parseInput(resetPasswordSchema, body));
      setSessionCookie(cookie[SESSION_COOKIE] as never, request, session.token, session.expiresAt);
      return toPublicUser(user);
    })
    .get("/auth/user", ({ user }) => user, { auth: true });
};
