// Error reports come from the browser and may carry what they should not: tokens in URLs, a pasted
// password, a cookie. Everything stored or shown from a report passes through here first.
import { API_KEY_PREFIX } from "../../shared/integration";

const REDACTED = "[redacted]";
// Our own API keys and webhook secrets are base64url, so `-` and `_` belong to them: stopping at
// the first one would leave the rest of the secret in clear.
const OWN_API_KEY = new RegExp(`\\b${API_KEY_PREFIX}[A-Za-z0-9_-]{8,}`, "g");

// Order matters: an Authorization header's scheme is kept and its credentials removed first.
const SECRET_PATTERNS: readonly [RegExp, string][] = [
  [/\b(Bearer|Basic)\s+[A-Za-z0-9._~+/=-]+/gi, `$1 ${REDACTED}`],
  // key=value and "key": "value" pairs whose key names a secret (URLs, JSON, headers)
  [
    /((?:password|passwd|pwd|token|secret|api[_-]?key|apikey|access[_-]?key|auth|authorization|session|sid|cookie|client[_-]?secret|signature)["']?\s*[:=]\s*["']?)([^\s"'&,;})]+)/gi,
    `$1${REDACTED}`,
  ],
  // JSON Web Tokens, our own keys and provider keys (Stripe, OpenAI) wherever they stand
  [/\beyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}/g, REDACTED],
  [OWN_API_KEY, REDACTED],
  [/\bwhsec_[A-Za-z0-9_-]{8,}/g, REDACTED],
  [/\b(sk|pk|rk)_(live|test)_[A-Za-z0-9]{8,}/g, REDACTED],
  [/\bsk-[A-Za-z0-9_-]{16,}/g, REDACTED],
];

export const scrubSecrets = (text: string) =>
  SECRET_PATTERNS.reduce((out, [pattern, replacement]) => out.replace(pattern, replacement), text);
