/**
 * Headers on every answer, HTML and API alike. Scripts come only from our own bundle (no inline
 * script, no eval); styles may be inline because Radix and the print window write <style> elements.
 * Photos are shown from our own API and from blob:/data: URLs of files being added.
 */
const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join("; ");

export const securityHeaders = (publicUrl?: string): Record<string, string> => ({
  "Content-Security-Policy": CONTENT_SECURITY_POLICY,
  "X-Content-Type-Options": "nosniff",
  "X-Frame-Options": "DENY",
  "Referrer-Policy": "strict-origin-when-cross-origin",
  "Cross-Origin-Opener-Policy": "same-origin",
  // A browser that once reached us over https keeps doing so; over plain http the header means nothing.
  ...(publicUrl?.startsWith("https:")
    ? { "Strict-Transport-Security": "max-age=31536000; includeSubDomains" }
    : {}),
});

/** Adds the headers to an answer, keeping any a route set on purpose. */
export const withSecurityHeaders = (response: Response, headers: Record<string, string>) => {
  for (const [name, value] of Object.entries(headers)) {
    if (!response.headers.has(name)) response.headers.set(name, value);
  }
  return response;
};
