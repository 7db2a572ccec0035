import { Elysia } from "elysia";
import type { AppDatabase } from "../../../db/client";
import type { UserRow } from "../../../db/schema";
import { AppError } from "../errors";
import { assertApiAccess, resolveApiKey } from "../integration/api-keys";
import { bearerKey } from "./bearer";
import { resolveSession, toPublicUser } from "./service";
import { SESSION_COOKIE, setSessionCookie } from "./session-cookie";

/** `true`: a session cookie or an API key; `"session"`: the cookie only (account, key and billing routes). */
export type AuthDoor = true | "session";

const keyRefused = () =>
  new AppError("FORBIDDEN", "API keys cannot be used for this request: please sign in to Keepsake instead.");
const badKey = () => new AppError("UNAUTHORIZED", "This API key is not valid or has been revoked.");

/**
 * The owner of a request made with a valid API key (`Authorization: Bearer`), or with a session
 * cookie when it carries no key; null when neither identifies anyone. A request that carries a
 * key is never identified by its cookie, which is why key requests need no CSRF check.
 */
export const findRequestUser = (db: AppDatabase, request: Request, sessionToken: unknown): UserRow | null => {
  const key = bearerKey(request);
  if (key !== undefined) {
    const row = resolveApiKey(db, key);
    if (row) assertApiAccess(row);
    return row;
  }
  return typeof sessionToken === "string" ? (resolveSession(db, sessionToken)?.user ?? null) : null;
};

/**
 * `{ auth: true }` on a route resolves the same `user` from a session cookie or an API key, so
 * services never know which door was used; `{ auth: "session" }` refuses keys. Otherwise 401.
 */
export const authPlugin = (db: AppDatabase) =>
  new Elysia().macro({
    auth: (door: AuthDoor) => ({
      resolve({ cookie, request }) {
        const key = bearerKey(request);
        if (key !== undefined) {
          if (door === "session") throw keyRefused();
          const row = resolveApiKey(db, key);
          if (!row) throw badKey();
          const user = toPublicUser(row);
          assertApiAccess(user);
          return { user };
        }
        const jar = cookie[SESSION_COOKIE];
        const token = typeof jar?.value === "string" ? jar.value : undefined;
        const session = token ? resolveSession(db, token) : null;
        if (!jar || !token || !session) throw new AppError("UNAUTHORIZED", "Please sign in to continue.");
        setSessionCookie(jar, request, token, session.expiresAt);
        return { user: toPublicUser(session.user) };
      },
    }),
  });
