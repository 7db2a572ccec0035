import { Elysia } from "elysia";
import type { AppDatabase } from "../../../db/client";
import type { User } from "../../shared/schemas";
import { AppError } from "../errors";
import { assertApiAccess, resolveApiKey } from "../integration/api-keys";
import { bearerKey } from "./bearer";
import { resolveSession, toPublicUser } from "./service";
import { SESSION_COOKIE, secureCookiesFrom, setSessionCookie } from "./session-cookie";

/** `true`: a session cookie or an API key; `"session"`: the cookie only (account, key and billing routes). */
export type AuthDoor = true | "session";

const keyRefused = () =>
  new AppError("FORBIDDEN", "API keys cannot be used for this request: please sign in to Keepsake instead.");
const badKey = () => new AppError("UNAUTHORIZED", "This API key is not valid or has been revoked.");

/** The owner of a valid API key, once their plan is checked to include API access; null when unknown. */
const keyUser = async (db: AppDatabase, key: string, billingEnabled: boolean) => {
  const row = await resolveApiKey(db, key);
  if (!row) return null;
  const user = toPublicUser(row, billingEnabled);
  assertApiAccess(user);
  return user;
};

/**
 * The owner of a request made with a valid API key (`Authorization: Bearer`), or with a session
 * cookie when it carries no key; null when neither identifies anyone. A request that carries a
 * key is never identified by its cookie, which is why key requests need no CSRF check.
 */
export const findRequestUser = async (
  db: AppDatabase,
  billingEnabled: boolean,
  request: Request,
  sessionToken: unknown,
): Promise<User | null> => {
  const key = bearerKey(request);
  if (key !== undefined) return keyUser(db, key, billingEnabled);
  const session = typeof sessionToken === "string" ? await resolveSession(db, sessionToken) : null;
  return session ? toPublicUser(session.user, billingEnabled) : null;
};

/**
 * `{ auth: true }` on a route resolves the same `user` from a session cookie or an API key, so
 * services never know which door was used; `{ auth: "session" }` refuses keys. Otherwise 401.
 * The user carries whether this server takes payments, so `can(user, feature)` needs nothing else.
 */
const makeAuthPlugin = (db: AppDatabase, billingEnabled: boolean, seed: number) =>
  new Elysia({ name: "auth", seed }).macro({
    auth: (door: AuthDoor) => ({
      async resolve({ cookie, request, store }) {
        const key = bearerKey(request);
        if (key !== undefined) {
          if (door === "session") throw keyRefused();
          const user = await keyUser(db, key, billingEnabled);
          if (!user) throw badKey();
          return { user };
        }
        const jar = cookie[SESSION_COOKIE];
        const token = typeof jar?.value === "string" ? jar.value : undefined;
        const session = token ? await resolveSession(db, token) : null;
        if (!jar || !token || !session) throw new AppError("UNAUTHORIZED", "Please sign in to continue.");
        // The browser's cookie already carries this expiry unless the session was just extended.
        if (session.refreshed) setSessionCookie(jar, secureCookiesFrom(store), token, session.expiresAt);
        return { user: toPublicUser(session.user, billingEnabled) };
      },
    }),
  });

const plugins = new WeakMap<AppDatabase, Map<boolean, ReturnType<typeof makeAuthPlugin>>>();
// Elysia tells named plugins apart by a seed it serialises: a number per database and billing mode.
let nextSeed = 1;

/**
 * The auth macro, one named instance per database (and billing mode), so the feature modules that
 * each `.use()` it share it instead of stacking copies on every request.
 */
export const authPlugin = (db: AppDatabase, billingEnabled: boolean) => {
  const byMode = plugins.get(db) ?? new Map<boolean, ReturnType<typeof makeAuthPlugin>>();
  plugins.set(db, byMode);
  let plugin = byMode.get(billingEnabled);
  if (!plugin) {
    plugin = makeAuthPlugin(db, billingEnabled, nextSeed++);
    byMode.set(billingEnabled, plugin);
  }
  return plugin;
};
