import { and, asc, count, desc, eq, lte, min, notInArray, type SQL } from "drizzle-orm";
import { type AppDatabase, afterCommit, holdAccount, write } from "../../../db/client";
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
  /** Deliveries one account has under way at once, so its slow receivers cannot hold everyone's. */
  perAccountConcurrency: number;
  /** Deliveries under way at once in all. */
  concurrency: number;
};

export const DEFAULT_WEBHOOK_OPTIONS: WebhookOptions = {
  allowLoopback: false,
  retryBaseMs: 30_000,
  pollMs: 5_000,
  timeoutMs: 5_000,
  maxAttempts: 6,
  perAccountConcurrency: 4,
  concurrency: 32,
};

const MAX_ENDPOINTS = 10;
const DELIVERY_LOG_SIZE = 50;
// Accounts with due deliveries looked at in one loop turn.
const ACCOUNTS_PER_TURN = 200;
// Accounts whose last turn is remembered; one forgotten simply counts as never served.
const ACCOUNTS_REMEMBERED = 10_000;
// Beyond the receiver's timeout, time for the address check before the post and the write after it.
const CLAIM_MARGIN_MS = 60_000;

const SIGNATURE_HEADER = "Keepsake-Signature";

/**
 * `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>" with the endpoint's secret>`. Receivers
 * recompute it over the raw body and refuse an old `t` so a captured delivery cannot be replayed.
 */
const signDelivery = (secret: string, timestamp: number, body: string) => {
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
  const row: WebhookEndpointRow = {
    id: crypto.randomUUID(),
    ownerId,
    url,
    secret: `whsec_${Buffer.from(crypto.getRandomValues(new Uint8Array(24))).toString("base64url")}`,
    createdAt: now,
  };
  await write(db, async (tx) => {
    // Counted and added while holding the account, so parallel creates cannot pass the limit.
    await holdAccount(tx, ownerId);
    const [kept] = await tx
      .select({ n: count() })
      .from(webhookEndpoints)
      .where(eq(webhookEndpoints.ownerId, ownerId));
    if ((kept?.n ?? 0) >= MAX_ENDPOINTS)
      throw refusedUrl(`an account can have at most ${MAX_ENDPOINTS} endpoints`);
    await tx.insert(webhookEndpoints).values(row);
  });
  return { ...toEndpoint(row), secret: row.secret };
};

export const listWebhooks = async (db: AppDatabase, ownerId: string): Promise<WebhookEndpoint[]> => {
  const rows = await db
    .select()
    .from(webhookEndpoints)
    .where(eq(webhookEndpoints.ownerId, ownerId))
    .orderBy(asc(webhookEndpoints.createdAt), asc(webhookEndpoints.id));
  return rows.map(toEndpoint);
};

/** Removes the endpoint and, with it, its deliveries still waiting. */
export const deleteWebhook = async (db: AppDatabase, ownerId: string, id: string) => {
  const deleted = await write(db, (tx) =>
    tx
      .delete(webhookEndpoints)
      .where(and(eq(webhookEndpoints.ownerId, ownerId), eq(webhookEndpoints.id, id)))
      .returning({ id: webhookEndpoints.id }),
  );
  if (deleted.length === 0) throw notFound("Webhook endpoint not found");
  return { ok: true as const };
};

export const listDeliveries = async (db: AppDatabase, ownerId: string): Promise<WebhookDelivery[]> => {
  const rows = await db
    .select({ delivery: webhookDeliveries, url: webhookEndpoints.url })
    .from(webhookDeliveries)
    .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
    .where(eq(webhookDeliveries.ownerId, ownerId))
    .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id))
    .limit(DELIVERY_LOG_SIZE);
  return rows.map(({ delivery, url }) => ({
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
};

/**
 * What routes tell about what happened; they never know whether anyone listens. Awaited: once it
 * resolves, the deliveries are stored and will be sent even if this process stops. Inside a
 * `write` they are part of its transaction: stored with what they tell of, and sent only once it
 * commits.
 */
export type ProgramEvents = {
  emit<T extends WebhookEventType>(ownerId: string, type: T, data: WebhookEventData[T]): Promise<void>;
  /** One event of `type` per item (a batch, an import), stored in one transaction. */
  emitEach<T extends WebhookEventType>(ownerId: string, type: T, items: WebhookEventData[T][]): Promise<void>;
};

/**
 * Persists one delivery per endpoint for each event and posts them from a small in-process loop,
 * retrying failures with growing waits. Deliveries survive a restart: the loop picks up whatever
 * is due in the database. Several servers may run the loop on one database: each delivery is
 * claimed before it is posted, so only one of them sends it.
 *
 * Accounts take turns: each has at most `perAccountConcurrency` deliveries under way, and free
 * places go round the accounts with due deliveries, the one served longest ago first, so one
 * account's backlog or slow receivers never hold back another account's delivery.
 */
export class WebhookDispatcher implements ProgramEvents {
  private timer: ReturnType<typeof setInterval> | undefined;
  private turn: Promise<void> = Promise.resolve();
  private turnQueued = false;
  private stopped = false;
  /** Aborts the posts under way when the server stops. */
  private readonly stopping = new AbortController();
  private readonly underWay = new Set<Promise<void>>();
  private readonly underWayPerAccount = new Map<string, number>();
  /** When each account was last given a place (a counter, not a clock): the lowest goes first. */
  private readonly lastServed = new Map<string, number>();
  private served = 0;

  constructor(
    private readonly db: AppDatabase,
    readonly options: WebhookOptions = DEFAULT_WEBHOOK_OPTIONS,
  ) {}

  start() {
    this.timer ??= setInterval(() => this.kick(), this.options.pollMs);
    return this;
  }

  /**
   * Stops the loop at once: posts under way are cut off and their deliveries made due again, so
   * the next start sends them (a receiver may then see one twice; `Keepsake-Delivery` tells).
   * Waits only for those short database writes, never for a receiver.
   */
  async stop() {
    clearInterval(this.timer);
    this.timer = undefined;
    this.stopped = true;
    this.stopping.abort();
    await this.turn;
    await Promise.all(this.underWay);
  }

  emit<T extends WebhookEventType>(ownerId: string, type: T, data: WebhookEventData[T], now = new Date()) {
    return this.emitEach(ownerId, type, [data], now);
  }

  async emitEach<T extends WebhookEventType>(
    ownerId: string,
    type: T,
    items: WebhookEventData[T][],
    now = new Date(),
  ) {
    if (items.length === 0) return;
    const stored = await write(this.db, async (tx) => {
      const endpoints = await tx
        .select({ id: webhookEndpoints.id })
        .from(webhookEndpoints)
        .where(eq(webhookEndpoints.ownerId, ownerId));
      if (endpoints.length === 0) return false;
      const deliveries = items.flatMap((data) => {
        const body = JSON.stringify({ id: crypto.randomUUID(), type, createdAt: now.toISOString(), data });
        return endpoints.map(
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
      });
      // At most 200 programs (MAX_BATCH_SIZE) to 10 endpoints: 24,000 bound values, one statement
      // on both engines (SQLite takes 32,766).
      await tx.insert(webhookDeliveries).values(deliveries);
      return true;
    });
    // Sent at once rather than at the next tick (once stored for good, when this is part of a
    // larger write); the request that caused it does not wait.
    if (stored && this.timer) afterCommit(this.db, () => this.kick());
  }

  /**
   * Starts posting what is due at `now` as far as free places allow, and resolves once those
   * posts are done. Turns (which only pick and claim deliveries) never overlap.
   */
  runDue(now = new Date()): Promise<void> {
    const started: Promise<void>[] = [];
    this.queueTurn(() => this.startDue(now, started));
    return this.turn.then(() => Promise.all(started)).then(() => undefined);
  }

  /** A turn soon, unless one is already waiting to run: timers and finished posts ask often. */
  private kick() {
    if (this.turnQueued || this.stopped) return;
    this.turnQueued = true;
    this.queueTurn(() => {
      this.turnQueued = false;
      return this.startDue(new Date(), []);
    });
  }

  private queueTurn(run: () => Promise<void>) {
    this.turn = this.turn
      .then(() => (this.stopped ? undefined : run()))
      .catch((error) => {
        console.error("Webhook delivery loop failed", error);
      });
  }

  private async startDue(now: Date, started: Promise<void>[]) {
    let free = this.options.concurrency - this.underWay.size;
    if (free <= 0) return;
    const perAccount = this.options.perAccountConcurrency;
    const full = [...this.underWayPerAccount].filter(([, n]) => n >= perAccount).map(([owner]) => owner);
    const isDue = and(eq(webhookDeliveries.status, "pending"), lte(webhookDeliveries.nextAttemptAt, now));
    const waitedLongest = min(webhookDeliveries.nextAttemptAt);
    const accounts = await this.db
      .select({ ownerId: webhookDeliveries.ownerId })
      .from(webhookDeliveries)
      .where(full.length > 0 ? and(isDue, notInArray(webhookDeliveries.ownerId, full)) : isDue)
      .groupBy(webhookDeliveries.ownerId)
      .orderBy(asc(waitedLongest))
      .limit(ACCOUNTS_PER_TURN);
    const owners = accounts
      .map(({ ownerId }) => ownerId)
      .sort((a, b) => (this.lastServed.get(a) ?? 0) - (this.lastServed.get(b) ?? 0));
    // Places dealt one per account per round, as long as any are left.
    const places = new Map<string, number>();
    for (let dealt = true; dealt && free > 0; ) {
      dealt = false;
      for (const owner of owners) {
        const taken = (this.underWayPerAccount.get(owner) ?? 0) + (places.get(owner) ?? 0);
        if (free === 0 || taken >= perAccount) continue;
        places.set(owner, (places.get(owner) ?? 0) + 1);
        free--;
        dealt = true;
      }
    }
    for (const [owner, count] of places) {
      const due = await this.db
        .select({ delivery: webhookDeliveries, endpoint: webhookEndpoints })
        .from(webhookDeliveries)
        .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
        .where(and(isDue, eq(webhookDeliveries.ownerId, owner)))
        .orderBy(asc(webhookDeliveries.nextAttemptAt), asc(webhookDeliveries.id))
        .limit(count);
      for (const { delivery, endpoint } of due) {
        if (this.stopped) return;
        if (await this.claim(delivery.id, isDue, now)) started.push(this.startAttempt(delivery, endpoint));
      }
    }
  }

  private startAttempt(delivery: WebhookDeliveryRow, endpoint: WebhookEndpointRow) {
    const owner = delivery.ownerId;
    this.underWayPerAccount.set(owner, (this.underWayPerAccount.get(owner) ?? 0) + 1);
    // Re-inserted so the map's first key is the account served longest ago, dropped past the bound.
    this.lastServed.delete(owner);
    this.lastServed.set(owner, ++this.served);
    if (this.lastServed.size > ACCOUNTS_REMEMBERED)
      this.lastServed.delete(this.lastServed.keys().next().value as string);
    const attempt = this.attempt(delivery, endpoint)
      .catch((error) => console.error("Webhook delivery failed", error))
      .finally(() => {
        this.underWay.delete(attempt);
        const left = (this.underWayPerAccount.get(owner) ?? 1) - 1;
        if (left > 0) this.underWayPerAccount.set(owner, left);
        else this.underWayPerAccount.delete(owner);
        // A place is free: the next due delivery need not wait for the timer.
        if (this.timer) this.kick();
      });
    this.underWay.add(attempt);
    return attempt;
  }

  /**
   * Moves a due delivery's next attempt past the time an attempt can take, unless another loop
   * already did: the one whose update finds it still due sends it. Should that loop's process die
   * mid-attempt, the delivery falls due again once the claim runs out.
   */
  private async claim(id: string, isDue: SQL | undefined, now: Date) {
    const claimedUntil = new Date(now.getTime() + this.options.timeoutMs + CLAIM_MARGIN_MS);
    const claimed = await write(this.db, (tx) =>
      tx
        .update(webhookDeliveries)
        .set({ nextAttemptAt: claimedUntil })
        .where(and(eq(webhookDeliveries.id, id), isDue))
        .returning({ id: webhookDeliveries.id }),
    );
    return claimed.length > 0;
  }
  private async attempt(delivery: WebhookDeliveryRow, endpoint: WebhookEndpointRow) {
    const outcome = await this.post(delivery, endpoint);
    if (outcome === "interrupted") await this.release(delivery);
    else await this.record(delivery, outcome);
  }

  /** A post cut off by the server stopping is no attempt: the delivery is due again as it was. */
  private async release(delivery: WebhookDeliveryRow) {
    await write(this.db, (tx) =>
      tx
        .update(webhookDeliveries)
        .set({ nextAttemptAt: delivery.nextAttemptAt })
        .where(and(eq(webhookDeliveries.id, delivery.id), eq(webhookDeliveries.status, "pending"))),
    );
  }

  private async post(
    delivery: WebhookDeliveryRow,
    endpoint: WebhookEndpointRow,
  ): Promise<{ ok: boolean; status: number | null; error: string | null; final?: boolean } | "interrupted"> {
    const url = new URL(endpoint.url);
    let address: string | undefined;
    try {
      [address] = await checkDestination(url, this.options);
    } catch (error) {
      // An endpoint that now points inside our network is refused for good, never retried.
      const message = error instanceof Error ? error.message : String(error);
      return { ok: false, status: null, error: `Refused: ${message}`, final: true };
    }
    const timeout = AbortSignal.timeout(this.options.timeoutMs);
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
        signal: AbortSignal.any([timeout, this.stopping.signal]),
      });
      await response.body?.cancel();
      const ok = response.status >= 200 && response.status < 300;
      return { ok, status: response.status, error: ok ? null : `The endpoint answered ${response.status}` };
    } catch (error) {
      if (this.stopping.signal.aborted) return "interrupted";
      const message = timeout.aborted
        ? `No answer within ${this.options.timeoutMs / 1000} s`
        : `Could not connect: ${error instanceof Error ? error.message : String(error)}`;
      return { ok: false, status: null, error: message };
    }
  }

  private async record(
    delivery: WebhookDeliveryRow,
    outcome: { ok: boolean; status: number | null; error: string | null; final?: boolean },
  ) {
    const now = new Date();
    const attempts = delivery.attempts + 1;
    const givenUp = outcome.final || attempts >= this.options.maxAttempts;
    const status = outcome.ok ? "delivered" : givenUp ? "failed" : "pending";
    const wait = this.options.retryBaseMs * 4 ** (attempts - 1);
    await write(this.db, (tx) =>
      tx
        .update(webhookDeliveries)
        .set({
          status,
          attempts,
          lastResponseStatus: outcome.status,
          lastError: outcome.error,
          nextAttemptAt: status === "pending" ? new Date(now.getTime() + wait) : null,
          updatedAt: now,
        })
        .where(eq(webhookDeliveries.id, delivery.id)),
    );
  }
}
