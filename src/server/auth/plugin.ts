import { Elysia } from "elysia";
import type { AppDatabase } from "../../../db/client";
import { AppError } from "../errors";
import { resolveSession, toPublicUser } from "./service";
import { SESSION_COOKIE, setSessionCookie } from "./session-cookie";

const makeAuthPlugin = (db: AppDatabase, seed: number) =>
  new Elysia({ name: "auth", seed }).macro({
    auth: {
      resolve({ cookie, request }) {
        const jar = cookie[SESSION_COOKIE];
        const token = typeof jar?.value === "string" ? jar.value : undefined;
        const session = token ? resolveSession(db, token) : null;
        if (!jar || !token || !session) throw new AppError("UNAUTHORIZED", "Please sign in to continue.");
        // The browser's cookie already carries this expiry unless the session was just extended.
        if (session.refreshed) setSessionCookie(jar, request, token, session.expiresAt);
        return { user: toPublicUser(session.user) };
      },
    },
  });

const plugins = new WeakMap<AppDatabase, ReturnType<typeof makeAuthPlugin>>();
// Elysia tells named plugins apart by a seed it serialises: a number per database.
let nextSeed = 1;

/**
 * `{ auth: true }` on a route resolves the signed-in `user` or answers 401. One named instance per
 * database, so the feature modules that each `.use()` it share it instead of stacking copies.
 */
export const authPlugin = (db: AppDatabase) => {
  let plugin = plugins.get(db);
  if (!plugin) {
    plugin = makeAuthPlugin(db, nextSeed++);
    plugins.set(db, plugin);
  }
  return plugin;
};
