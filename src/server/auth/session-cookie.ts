import type { Cookie } from "elysia";

export const SESSION_COOKIE = "sid";

// Secure when the browser reached us over https, directly or through a proxy that says so.
const isHttps = (request: Request) =>
  request.url.startsWith("https:") || request.headers.get("x-forwarded-proto") === "https";

export const setSessionCookie = (jar: Cookie<unknown>, request: Request, token: string, expiresAt: Date) => {
  jar.set({
    value: token,
    httpOnly: true,
    sameSite: "lax",
    secure: isHttps(request),
    path: "/",
    expires: expiresAt,
  });
};

export const clearSessionCookie = (jar: Cookie<unknown>) => {
  jar.remove();
};
