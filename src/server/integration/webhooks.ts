import { and, asc, desc, eq, lte } from "drizzle-orm";
import type { AppDatabase } from "../../../db/client";
import {
  type WebhookDeliveryRow,
  type WebhookEndpointRow,
  webhookDeliveries,
  webhookEndpoints,
} from "../../../db/schema";
import type {
  WebhookDelivery,
  WebhookEndpoint,
  WebhookEventData,
  WebhookEventType,
} from "../../shared/integration";
import { AppError, notFound } from "../errors";
import { checkDestination, type OutboundPolicy, pinToAddress, RefusedDestination } from "./outbound-guard";

export type WebhookOptions = OutboundPolicy & {
  /** The first retry waits this long; each further one four times longer. */
  retryBaseMs: number;
  /** How often the loop looks for deliveries that are due. */
  pollMs: number;
  /** A receiver that has not answered by then counts as failed. */
  timeoutMs: number;
  maxAttempts: number;
};

export const DEFAULT_WEBHOOK_OPTIONS: WebhookOptions = {
  allowLoopback: false,
  retryBaseMs: 30_000,
  pollMs: 5_000,
  timeoutMs: 10_000,
  maxAttempts: 6,
};

const MAX_ENDPOINTS = 10;
const DELIVERY_LOG_SIZE = 50;
// Deliveries in one loop turn; the rest wait for the next turn.
const DELIVERIES_PER_TURN = 10;

export const SIGNATURE_HEADER = "Keepsake-Signature";

/**
 * `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>" with the endpoint's secret>`. Receivers
 * recompute it over the raw body and refuse an old `t` so a captured delivery cannot be replayed.
 */
export const signDelivery = (secret: string, timestamp: number, body: string) => {
  const v1 = new Bun.CryptoHasher("sha256", secret).update(`${timestamp}.${body}`).digest("hex");
  return `t=${timestamp},v1=${v1}`;
};

const toEndpoint = (row: WebhookEndpointRow): WebhookEndpoint => ({
  id: row.id,
  url: row.url,
  createdAt: row.createdAt.toISOString(),
});

const refusedUrl = (message: string) =>
  new AppError("VALIDATION", `This endpoint cannot be used: ${message}.`, [{ path: "url", message }]);

export const createWebhook = async (
  db: AppDatabase,
  ownerId: string,
  url: string,
  policy: OutboundPolicy,
  now = new Date(),
) => {
  try {
    await checkDestination(new URL(url), policy);
  } catch (error) {
    if (error instanceof RefusedDestination) throw refusedUrl(error.message);
    throw error;
  }
  const count = db
    .select({ id: webhookEndpoints.id })
    .from(webhookEndpoints)
    .where(eq(webhookEndpoints.ownerId, ownerId))
    .all().length;
  if (count >= MAX_ENDPOINTS) throw refusedUrl(`an account can have at most ${MAX_ENDPOINTS} endpoints`);
  const row: WebhookEndpointRow = {
    id: crypto.randomUUID(),
    ownerId,
    url,
    secret: `whsec_${Buffer.from(crypto.getRandomValues(new Uint8Array(24))).toString("base64url")}`,
    createdAt: now,
  };
  db.insert(webhookEndpoints).values(row).run();
  return { ...toEndpoint(row), secret: row.secret };
};

export const listWebhooks = (db: AppDatabase, ownerId: string): WebhookEndpoint[] =>
  db
    .select()
    .from(webhookEndpoints)
    .where(eq(webhookEndpoints.ownerId, ownerId))
    .orderBy(asc(webhookEndpoints.createdAt))
    .all()
    .map(toEndpoint);

/** Removes the endpoint and, with it, its deliveries still waiting. */
export const deleteWebhook = (db: AppDatabase, ownerId: string, id: string) => {
  const row = db
    .delete(webhookEndpoints)
    .where(and(eq(webhookEndpoints.ownerId, ownerId), eq(webhookEndpoints.id, id)))
    .returning()
    .get();
  if (!row) throw notFound("Webhook endpoint not found");
  return { ok: true as const };
};

export const listDeliveries = (db: AppDatabase, ownerId: string): WebhookDelivery[] =>
  db
    .select({ delivery: webhookDeliveries, url: webhookEndpoints.url })
    .from(webhookDeliveries)
    .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
    .where(eq(webhookDeliveries.ownerId, ownerId))
    .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id))
    .limit(DELIVERY_LOG_SIZE)
    .all()
    .map(({ delivery, url }) => ({
      id: delivery.id,
      endpointUrl: url,
      event: delivery.event as WebhookEventType,
      status: delivery.status,
      attempts: delivery.attempts,
      lastResponseStatus: delivery.lastResponseStatus,
      lastError: delivery.lastError,
      nextAttemptAt: delivery.nextAttemptAt?.toISOString() ?? null,
      createdAt: delivery.createdAt.toISOString(),
    }));

/** What routes tell about what happened; they never know whether anyone listens. */
export type ProgramEvents = {
  emit<T extends WebhookEventType>(ownerId: string, type: T, data: WebhookEventData[T]): void;
};

/**
 * Persists one delivery per endpoint for each event and posts them from a small in-process loop,
 * retrying failures with growing waits. Deliveries survive a restart: the loop picks up whatever
 * is due in the database.
 */
export class WebhookDispatcher implements ProgramEvents {
  private timer: ReturnType<typeof setInterval> | undefined;
  private readonly inFlight = new Set<string>();
  private turn: Promise<void> = Promise.resolve();

  constructor(
    private readonly db: AppDatabase,
    readonly options: WebhookOptions = DEFAULT_WEBHOOK_OPTIONS,
  ) {}

  start() {
    this.timer ??= setInterval(() => this.runDue(), this.options.pollMs);
    return this;
  }

  /** Stops the loop and waits for deliveries under way. */
  async stop() {
    clearInterval(this.timer);
    this.timer = undefined;
    await this.turn;
  }

  emit<T extends WebhookEventType>(ownerId: string, type: T, data: WebhookEventData[T], now = new Date()) {
    const endpoints = this.db
      .select({ id: webhookEndpoints.id })
      .from(webhookEndpoints)
      .where(eq(webhookEndpoints.ownerId, ownerId))
      .all();
    if (endpoints.length === 0) return;
    const body = JSON.stringify({ id: crypto.randomUUID(), type, createdAt: now.toISOString(), data });
    const rows = endpoints.map(
      ({ id }): WebhookDeliveryRow => ({
        id: crypto.randomUUID(),
        endpointId: id,
        ownerId,
        event: type,
        body,
        status: "pending",
        attempts: 0,
        nextAttemptAt: now,
        lastResponseStatus: null,
        lastError: null,
        createdAt: now,
        updatedAt: now,
      }),
    );
    this.db.insert(webhookDeliveries).values(rows).run();
    // Sent at once rather than at the next tick; the request that caused it does not wait.
    if (this.timer) queueMicrotask(() => this.runDue());
  }

  /** Posts every delivery that is due; turns never overlap. */
  runDue(now = new Date()): Promise<void> {
    this.turn = this.turn
      .then(() => this.deliverDue(now))
      .catch((error) => {
        console.error("Webhook delivery loop failed", error);
      });
    return this.turn;
  }

  private async deliverDue(now: Date) {
    const due = this.db
      .select({ delivery: webhookDeliveries, endpoint: webhookEndpoints })
      .from(webhookDeliveries)
      .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
      .where(and(eq(webhookDeliveries.status, "pending"), lte(webhookDeliveries.nextAttemptAt, now)))
      .orderBy(asc(webhookDeliveries.nextAttemptAt))
      .limit(DELIVERIES_PER_TURN)
      .all()
      .filter(({ delivery }) => !this.inFlight.has(delivery.id));
    await Promise.all(due.map(({ delivery, endpoint }) => this.attempt(delivery, endpoint)));
  }

  private async attempt(delivery: WebhookDeliveryRow, endpoint: WebhookEndpointRow) {
    this.inFlight.add(delivery.id);
    try {
      const outcome = await this.post(delivery, endpoint);
      this.record(delivery, outcome);
    } finally {
      this.inFlight.delete(delivery.id);
    }
  }

  private async post(
    delivery: WebhookDeliveryRow,
    endpoint: WebhookEndpointRow,
  ): Promise<{ ok: boolean; status: number | null; error: string | null; final?: boolean }> {
    const url = new URL(endpoint.url);
    let address: string | undefined;
    try {
      [address] = await checkDestination(url, this.options);
    } catch (error) {
      // An endpoint that now points inside our network is refused for good, never retried.
      const message = error instanceof Error ? error.message : String(error);
      return { ok: false, status: null, error: `Refused: ${message}`, final: true };
    }
    try {
      const timestamp = Math.floor(Date.now() / 1000);
      const target = pinToAddress(url, address as string);
      const response = await fetch(target.url, {
        method: "POST",
        ...(target.tls ? { tls: target.tls } : {}),
        headers: {
          ...target.headers,
          "content-type": "application/json",
          "user-agent": "Keepsake-Webhooks/1.0",
          "keepsake-event": delivery.event,
          "keepsake-delivery": delivery.id,
          [SIGNATURE_HEADER.toLowerCase()]: signDelivery(endpoint.secret, timestamp, delivery.body),
        },
        body: delivery.body,
        // A redirect could point anywhere, inside our network too: it counts as a failure.
        redirect: "manual",
        signal: AbortSignal.timeout(this.options.timeoutMs),
      });
      await response.body?.cancel();
      const ok = response.status >= 200 && response.status < 300;
      return { ok, status: response.status, error: ok ? null : `The endpoint answered ${response.status}` };
    } catch (error) {
      const timedOut = error instanceof Error && error.name === "TimeoutError";
      const message = timedOut
        ? `No answer within ${this.options.timeoutMs / 1000} s`
        : `Could not connect: ${error instanceof Error ? error.message : String(error)}`;
      return { ok: false, status: null, error: message };
    }
  }

  private record(
    delivery: WebhookDeliveryRow,
    outcome: { ok: boolean; status: number | null; error: string | null; final?: boolean },
  ) {
    const now = new Date();
    const attempts = delivery.attempts + 1;
    const givenUp = outcome.final || attempts >= this.options.maxAttempts;
    const status = outcome.ok ? "delivered" : givenUp ? "failed" : "pending";
    const wait = this.options.retryBaseMs * 4 ** (attempts - 1);
    this.db
      .update(webhookDeliveries)
      .set({
        status,
        attempts,
        lastResponseStatus: outcome.status,
        lastError: outcome.error,
        nextAttemptAt: status === "pending" ? new Date(now.getTime() + wait) : null,
        updatedAt: now,
      })
      .where(eq(webhookDeliveries.id, delivery.id))
      .run();
  }
}
