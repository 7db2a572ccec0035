import { Elysia } from "elysia";
import type { AppDatabase } from "../../../db/client";
import { AppError } from "../errors";
import { resolveSession, toPublicUser } from "./service";
import { SESSION_COOKIE, secureCookiesFrom, setSessionCookie } from "./session-cookie";

/**
 * `{ auth: true }` on a route resolves the signed-in `user` or answers 401. The user carries
 * whether this server takes payments, so `can(user, feature)` needs nothing else.
 */
export const authPlugin = (db: AppDatabase, billingEnabled: boolean) =>
  new Elysia().macro({
    auth: {
      resolve({ cookie, store }) {
        const jar = cookie[SESSION_COOKIE];
        const token = typeof jar?.value === "string" ? jar.value : undefined;
        const session = token ? resolveSession(db, token) : null;
        if (!jar || !token || !session) throw new AppError("UNAUTHORIZED", "Please sign in to continue.");
        setSessionCookie(jar, secureCookiesFrom(store), token, session.expiresAt);
        return { user: toPublicUser(session.user, billingEnabled) };
      },
    },
  });
