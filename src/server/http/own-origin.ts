import { isIPv6 } from "node:net";
import type { Config } from "../config";

const WILDCARD_HOSTS = new Set(["0.0.0.0", "::", "[::]"]);
const LOOPBACK_HOSTS = new Set(["localhost", "127.0.0.1", "::1", "[::1]"]);

const urlHost = (host: string) => (isIPv6(host) ? `[${host}]` : host);

/**
 * The server's own origin, from its configuration and never from a request: a Host header is
 * whatever the sender typed, so a link built from it could send a family's reset token to
 * another site. PUBLIC_URL when set; otherwise the address the server listens on, where a
 * wildcard or loopback HOST is reached as localhost, 127.0.0.1 or [::1].
 */
export class OwnOrigin {
  private port: number;

  constructor(private readonly config: Pick<Config, "PUBLIC_URL" | "HOST" | "PORT">) {
    this.port = config.PORT;
  }

  /** With PORT=0 the real port is known only once the server listens. */
  listeningOn(port: number) {
    this.port = port;
  }

  /** Where links in emails point. */
  get origin(): string {
    return this.origins[0] as string;
  }

  /** Every origin a page of this server can have, the one links use first. */
  get origins(): string[] {
    if (this.config.PUBLIC_URL) return [new URL(this.config.PUBLIC_URL).origin];
    const host = this.config.HOST.toLowerCase();
    // A server listening on one loopback address is linked by that address: "localhost" may
    // resolve to the other family's loopback, where nothing listens.
    const first = WILDCARD_HOSTS.has(host) ? "localhost" : urlHost(host);
    const local = WILDCARD_HOSTS.has(host) || LOOPBACK_HOSTS.has(host);
    const names = local ? [...new Set([first, "localhost", "127.0.0.1", "[::1]"])] : [first];
    // Through URL, so port 80 is left out as browsers leave it out of Origin.
    return names.map((name) => new URL(`http://${name}:${this.port}`).origin);
  }

  /** Whether an Origin header names this server. */
  accepts(origin: string): boolean {
    return this.origins.includes(origin.toLowerCase());
  }

  /** Whether a Host header names this server. */
  acceptsHost(host: string): boolean {
    const asked = host.toLowerCase();
    return this.origins.some((origin) => new URL(origin).host === asked);
  }
}
