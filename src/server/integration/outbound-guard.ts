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

const isLoopback = (address: string) => {
  const parsed = ipaddr.process(address);
  return parsed.range() === "loopback";
};

/** Only globally routable unicast addresses; private, loopback, link-local, CGNAT, multicast… are not. */
export const isAllowedAddress = (address: string, policy: OutboundPolicy) => {
  if (!ipaddr.isValid(address)) return false;
  // `process` turns an IPv4-mapped IPv6 address (::ffff:10.0.0.1) into the IPv4 it carries.
  const range = ipaddr.process(address).range();
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
