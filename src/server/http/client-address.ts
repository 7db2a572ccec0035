import { isIP } from "node:net";
import ipaddr from "ipaddr.js";

// The API runs behind Bun.serve's routes (api.handle), where Elysia's context has no server to
// ask for the peer address: serve.ts records it per request here.
const socketAddresses = new WeakMap<Request, string>();

export const rememberSocketAddress = (request: Request, address: string | undefined) => {
  if (address) socketAddresses.set(request, address);
};

/** "::ffff:10.0.0.1" (an IPv4 client on an IPv6 socket) → "10.0.0.1". */
const plain = (address: string) => address.replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/i, "");

/**
 * What rate limits count by: an IPv4 address, or an IPv6 address's /64. One household or server
 * is handed a whole /64, so counting each of its addresses would give it billions of fresh limits.
 */
const limitKey = (address: string): string => {
  if (!ipaddr.IPv6.isValid(address)) return address;
  const parts = ipaddr.IPv6.parse(address).parts.slice(0, 4);
  return `${new ipaddr.IPv6([...parts, 0, 0, 0, 0]).toString()}/64`;
};

/**
 * The address a request came from, as rate limits count it (`limitKey`). Only a request from a
 * trusted proxy may name its client, in the last X-Forwarded-For entry (the one that proxy
 * appended: anything left of it is whatever the client chose to send). From anyone else the
 * header is ignored, so rotating it gets nobody a fresh limit.
 */
export const clientAddress = (request: Request, trustedProxies: readonly string[] = []): string => {
  const socketAddress = socketAddresses.get(request);
  if (!socketAddress) return "unknown";
  const direct = plain(socketAddress);
  if (!trustedProxies.includes(direct)) return limitKey(direct);
  const forwarded = request.headers.get("x-forwarded-for")?.split(",").at(-1)?.trim();
  return limitKey(forwarded && isIP(plain(forwarded)) ? plain(forwarded) : direct);
};
