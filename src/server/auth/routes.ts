import { Elysia } from "elysia";
import type { AppDatabase } from "../../../db/client";
import { loginSchema, registerSchema } from "../../shared/schemas";
import { AppError } from "../errors";
import { parseInput } from "../http/parse-input";
import { FailureLimiter } from "./failure-limiter";
import { authPlugin } from "./plugin";
import { createSession, deleteSession, registerUser, toPublicUser, verifyCredentials } from "./service";
import { clearSessionCookie, SESSION_COOKIE, setSessionCookie } from "./session-cookie";

export type AuthLimits = {
  /** Failed sign-ins allowed per email and per address in the window. */
  loginFailuresPerEmail: number;
  loginFailuresPerAddress: number;
  /** Accounts one address may create in the window. */
  registrationsPerAddress: number;
  windowMs: number;
};

export const DEFAULT_AUTH_LIMITS: AuthLimits = {
  loginFailuresPerEmail: 5,
  loginFailuresPerAddress: 20,
  registrationsPerAddress: 20,
  windowMs: 15 * 60 * 1000,
};

const tooMany = () =>
  new AppError("RATE_LIMITED", "Too many attempts. Please wait 15 minutes before trying again.");

export const authRoutes = (db: AppDatabase, limits: AuthLimits = DEFAULT_AUTH_LIMITS) => {
  const byEmail = new FailureLimiter(limits.loginFailuresPerEmail, limits.windowMs);
  const byAddress = new FailureLimiter(limits.loginFailuresPerAddress, limits.windowMs);
  const registrations = new FailureLimiter(limits.registrationsPerAddress, limits.windowMs);

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
    .get("/auth/user", ({ user }) => user, { auth: "session" });
};
