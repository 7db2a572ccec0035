// Webhook URLs come from users, so a request to one must never reach this server's own network
// (SSRF): every address the host resolves to must be public, checked again before each delivery
// because DNS answers change, and the request then goes to the checked address itself so a second
// DNS answer (rebinding) cannot send it elsewhere.
import { lookup } from "node:dns/promises";
import ipaddr from "ipaddr.js";

export type OutboundPolicy = {
  /** Tests and local development only: plain http and loopback addresses (127.0.0.0/8, ::1). */
  allowLoopback: boolean;
};

export class RefusedDestination extends Error {}

// IPv6 forms that carry an IPv4 address the packet may end up at: IPv4-compatible (::a.b.c.d),
// IPv4-mapped (::ffff:a.b.c.d), IPv4-translated (::ffff:0:a.b.c.d) and well-known NAT64
// (64:ff9b::a.b.c.d) in the last 32 bits; 6to4 (2002:aabb:ccdd::) right after the prefix. Each is
// judged by the IPv4 it carries, so [::127.0.0.1] is loopback, not a public address.
const LAST_32_BITS_V4 = ["::/96", "::ffff:0:0/96", "::ffff:0:0:0/96", "64:ff9b::/96"].map((cidr) =>
  ipaddr.IPv6.parseCIDR(cidr),
);
const SIX_TO_FOUR = ipaddr.IPv6.parseCIDR("2002::/16");

const fromParts = (high: number, low: number) =>
  new ipaddr.IPv4([high >> 8, high & 0xff, low >> 8, low & 0xff]);

const embeddedIPv4 = (address: ipaddr.IPv6) => {
  const [, second = 0, third = 0, , , , seventh = 0, eighth = 0] = address.parts;
  if (address.match(SIX_TO_FOUR)) return fromParts(second, third);
  if (LAST_32_BITS_V4.some((cidr) => address.match(cidr))) return fromParts(seventh, eighth);
  return undefined;
};

/** The range of the address a connection really reaches. */
const effectiveRange = (address: string) => {
  const parsed = ipaddr.parse(address);
  if (parsed.kind() === "ipv4") return parsed.range();
  const v6 = parsed as ipaddr.IPv6;
  // :: and ::1 are IPv6's own unspecified and loopback addresses, not IPv4-compatible ones.
  if (v6.range() === "loopback" || v6.range() === "unspecified") return v6.range();
  return embeddedIPv4(v6)?.range() ?? v6.range();
};

const isLoopback = (address: string) => effectiveRange(address) === "loopback";

/**
 * Only globally routable unicast addresses; private, loopback, link-local, CGNAT, multicast… are
 * not, nor any IPv6 address carrying one of them (see embeddedIPv4). Other transition ranges
 * (Teredo, local-use NAT64) are not plain unicast either, so they are refused.
 */
export const isAllowedAddress = (address: string, policy: OutboundPolicy) => {
  if (!ipaddr.isValid(address)) return false;
  const range = effectiveRange(address);
  return range === "unicast" || (policy.allowLoopback && range === "loopback");
};

const bareHost = (url: URL) => url.hostname.replace(/^\[|\]$/g, "");

const resolveAll = async (url: URL) => {
  const bare = bareHost(url);
  if (ipaddr.isValid(bare)) return [bare];
  try {
    // IPv4 first: a receiver listening on one family is reached on the one most hosts serve.
    return (await lookup(bare, { all: true, order: "ipv4first" })).map((a) => a.address);
  } catch {
    throw new RefusedDestination(`the address ${url.hostname} could not be found`);
  }
};

/**
 * The URL's addresses, when every one may be called; otherwise a RefusedDestination saying why.
 * HTTPS is required except for loopback destinations when the policy allows them.
 */
export const checkDestination = async (url: URL, policy: OutboundPolicy): Promise<string[]> => {
  if (url.protocol !== "https:" && url.protocol !== "http:") {
    throw new RefusedDestination("the address must start with https://");
  }
  if (url.username || url.password)
    throw new RefusedDestination("the address must not contain a user name or password");
  const addresses = await resolveAll(url);
  const refused = addresses.find((address) => !isAllowedAddress(address, policy));
  if (refused !== undefined) {
    throw new RefusedDestination(
      `${url.hostname} is a private or local address (${refused}), which webhooks cannot reach`,
    );
  }
  if (url.protocol === "http:" && !(policy.allowLoopback && addresses.every(isLoopback))) {
    throw new RefusedDestination("the address must start with https://");
  }
  return addresses;
};

/**
 * The request to send to a checked address while still addressing the host by name: the URL with
 * the address in place of the name, the Host header, and the TLS server name, against which the
 * certificate is verified as usual.
 */
export const pinToAddress = (
  url: URL,
  address: string,
): { url: string; headers: Record<string, string>; tls?: { serverName: string } } => {
  if (ipaddr.isValid(bareHost(url))) return { url: url.href, headers: {} };
  const pinned = new URL(url);
  pinned.hostname = address.includes(":") ? `[${address}]` : address;
  return { url: pinned.href, headers: { host: url.host }, tls: { serverName: url.hostname } };
};
