import type { Cookie } from "elysia";

export const SESSION_COOKIE = "sid";

/**
 * The cookie is Secure when the configured PUBLIC_URL is https, never because of what a request
 * says about itself (its URL or an X-Forwarded-Proto header anyone can send).
 */
export const secureCookiesFor = (publicUrl: string | undefined) => publicUrl?.startsWith("https:") ?? false;

/** The key under which createApi keeps that decision in the app's store, for every feature module. */
export const SECURE_COOKIES_STATE = "secureCookies";

export const secureCookiesFrom = (store: unknown) =>
  (store as Record<string, unknown> | undefined)?.[SECURE_COOKIES_STATE] === true;

export const setSessionCookie = (jar: Cookie<unknown>, secure: boolean, token: string, expiresAt: Date) => {
  jar.set({
    value: token,
    httpOnly: true,
    sameSite: "lax",
    secure,
    path: "/",
    expires: expiresAt,
  });
};

export const clearSessionCookie = (jar: Cookie<unknown>) => {
  jar.remove();
};
