// A small Stripe on loopback: the parts of Stripe's HTTP API Keepsake uses (customers, products,
// prices by lookup key, subscriptions, billing portal sessions), driven by the real `stripe` SDK,
// plus webhook delivery signed with Stripe's real signature scheme.
import Stripe from "stripe";

type Json = Record<string, any>;

const list = (url: string, data: Json[]) => ({ object: "list", url, has_more: false, data });

/** Stripe's form encoding read back into a flat map ("items[0][price]" → value). */
const readForm = async (req: Request) => new URLSearchParams(await req.text());
const indexed = (form: URLSearchParams, name: string) =>
  [...form.entries()].filter(([key]) => new RegExp(`^${name}\\[\\d*\\]$`).test(key)).map(([, v]) => v);
const nested = (form: URLSearchParams, name: string) => {
  const out: Record<string, string> = {};
  for (const [key, value] of form.entries()) {
    const match = new RegExp(`^${name}\\[([^\\]]+)\\]$`).exec(key);
    if (match?.[1]) out[match[1]] = value;
  }
  return out;
};

export type FakeStripe = Awaited<ReturnType<typeof startFakeStripe>>;

export const startFakeStripe = async ({ webhookSecret = "whsec_test_secret" } = {}) => {
  const customers = new Map<string, Json>();
  const products = new Map<string, Json>();
  const prices = new Map<string, Json>();
  const subscriptions = new Map<string, Json>();
  const requests: Array<{ method: string; path: string }> = [];
  let counter = 0;
  let failNext: { status: number; message: string } | undefined;
  const nextId = (prefix: string) => `${prefix}_fake${++counter}`;
  const nowSeconds = () => Math.floor(Date.now() / 1000);
  const DAY = 24 * 60 * 60;

  const createSubscription = (form: URLSearchParams) => {
    const priceId = form.get("items[0][price]") ?? "";
    const price = prices.get(priceId);
    if (!price)
      return {
        status: 400,
        body: {
          error: {
            type: "invalid_request_error",
            message: `No such price: '${priceId}'`,
            param: "items[0][price]",
          },
        },
      };
    const id = nextId("sub");
    const start = nowSeconds();
    const end = start + (price.recurring.interval === "year" ? 365 : 30) * DAY;
    const invoiceId = nextId("in");
    const subscription = {
      id,
      object: "subscription",
      customer: form.get("customer"),
      status: "incomplete",
      cancel_at_period_end: false,
      cancel_at: null,
      ended_at: null,
      created: start,
      metadata: nested(form, "metadata"),
      items: list(`/v1/subscription_items?subscription=${id}`, [
        {
          id: nextId("si"),
          object: "subscription_item",
          price,
          current_period_start: start,
          current_period_end: end,
        },
      ]),
      latest_invoice: invoiceId,
    };
    subscriptions.set(id, subscription);
    const expanded = indexed(form, "expand").includes("latest_invoice.confirmation_secret");
    const invoice = {
      id: invoiceId,
      object: "invoice",
      confirmation_secret: { type: "payment_intent", client_secret: `pi_${id}_secret_fake` },
    };
    return { status: 200, body: { ...subscription, latest_invoice: expanded ? invoice : invoiceId } };
  };

  const route = async (req: Request, url: URL): Promise<{ status: number; body: Json }> => {
    const path = url.pathname;
    const method = req.method;
    if (method === "POST" && path === "/v1/customers") {
      const form = await readForm(req);
      const customer = {
        id: nextId("cus"),
        object: "customer",
        email: form.get("email"),
        name: form.get("name"),
        metadata: nested(form, "metadata"),
      };
      customers.set(customer.id, customer);
      return { status: 200, body: customer };
    }
    if (method === "GET" && path === "/v1/products")
      return { status: 200, body: list(path, [...products.values()]) };
    if (method === "POST" && path === "/v1/products") {
      const form = await readForm(req);
      const product = {
        id: nextId("prod"),
        object: "product",
        name: form.get("name"),
        active: true,
        metadata: nested(form, "metadata"),
      };
      products.set(product.id, product);
      return { status: 200, body: product };
    }
    if (method === "GET" && path === "/v1/prices") {
      const keys = indexed(url.searchParams, "lookup_keys");
      const found = [...prices.values()].filter(
        (p) => p.active && (keys.length === 0 || keys.includes(p.lookup_key)),
      );
      return { status: 200, body: list(path, found) };
    }
    if (method === "POST" && path === "/v1/prices") {
      const form = await readForm(req);
      const price = {
        id: nextId("price"),
        object: "price",
        active: true,
        currency: form.get("currency"),
        unit_amount: Number(form.get("unit_amount")),
        product: form.get("product"),
        lookup_key: form.get("lookup_key"),
        recurring: { interval: form.get("recurring[interval]") },
        type: "recurring",
      };
      prices.set(price.id, price);
      return { status: 200, body: price };
    }
    if (method === "POST" && path === "/v1/subscriptions") return createSubscription(await readForm(req));
    const subscriptionMatch = /^\/v1\/subscriptions\/([^/]+)$/.exec(path);
    if (subscriptionMatch?.[1]) {
      const subscription = subscriptions.get(subscriptionMatch[1]);
      if (!subscription)
        return {
          status: 404,
          body: { error: { type: "invalid_request_error", message: "No such subscription" } },
        };
      return { status: 200, body: subscription };
    }
    if (method === "POST" && path === "/v1/billing_portal/sessions") {
      const form = await readForm(req);
      const customer = form.get("customer") ?? "";
      if (!customers.has(customer))
        return {
          status: 400,
          body: { error: { type: "invalid_request_error", message: "No such customer", param: "customer" } },
        };
      return {
        status: 200,
        body: {
          id: nextId("bps"),
          object: "billing_portal.session",
          customer,
          return_url: form.get("return_url"),
          url: `${base}/portal/${customer}?return=${encodeURIComponent(form.get("return_url") ?? "")}`,
        },
      };
    }
    return {
      status: 404,
      body: {
        error: { type: "invalid_request_error", message: `Unrecognized request URL (${method}: ${path})` },
      },
    };
  };

  const server = Bun.serve({
    hostname: "127.0.0.1",
    port: 0,
    async fetch(req) {
      const url = new URL(req.url);
      // The billing portal page a browser is sent to: a link back is all a test needs.
      if (url.pathname.startsWith("/portal/")) {
        const back = url.searchParams.get("return") ?? "/";
        return new Response(
          `<!doctype html><title>Billing portal</title><h1>Billing portal</h1><a href="${back}">Return to Keepsake</a>`,
          { headers: { "content-type": "text/html" } },
        );
      }
      requests.push({ method: req.method, path: url.pathname });
      if (!req.headers.get("authorization")?.startsWith("Bearer sk_test_")) {
        return Response.json(
          { error: { type: "invalid_request_error", message: "Invalid API Key provided" } },
          { status: 401 },
        );
      }
      if (failNext) {
        const { status, message } = failNext;
        failNext = undefined;
        return Response.json({ error: { type: "api_error", message } }, { status });
      }
      const { status, body } = await route(req, url);
      return Response.json(body, { status });
    },
  });
  const base = `http://127.0.0.1:${server.port}`;
  const signer = new Stripe("sk_test_signer");

  /** The subscription as Stripe now holds it, changed by `patch` (status, cancel_at_period_end …). */
  const changeSubscription = (id: string, patch: Json) => {
    const current = subscriptions.get(id);
    if (!current) throw new Error(`fake Stripe: no subscription ${id}`);
    const next = { ...current, ...patch };
    subscriptions.set(id, next);
    return next;
  };

  const event = (type: string, object: Json, created = nowSeconds()): Json => ({
    id: nextId("evt"),
    object: "event",
    api_version: "2026-10-28.endive",
    created,
    type,
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    data: { object },
  });

  /** An invoice of this subscription, as invoice.paid / invoice.payment_failed carry it. */
  const invoiceFor = (subscription: Json) => ({
    id: nextId("in"),
    object: "invoice",
    customer: subscription.customer,
    status: "paid",
    parent: {
      type: "subscription_details",
      subscription_details: { subscription: subscription.id, metadata: subscription.metadata },
    },
    lines: list("/v1/invoices/lines", [
      {
        id: nextId("il"),
        object: "line_item",
        period: {
          start: subscription.items.data[0].current_period_start,
          end: subscription.items.data[0].current_period_end,
        },
      },
    ]),
  });

  return {
    url: base,
    webhookSecret,
    requests,
    customers,
    prices,
    products,
    subscriptions,
    /** Environment for the app under test: billing on, pointed at this fake. */
    env: (publishableKey = "pk_test_fake") => ({
      STRIPE_SECRET_KEY: "sk_test_fake",
      STRIPE_PUBLISHABLE_KEY: publishableKey,
      STRIPE_WEBHOOK_SECRET: webhookSecret,
      STRIPE_API_BASE: base,
    }),
    changeSubscription,
    /** The next API request is answered with this error (Stripe's error shape). */
    failNextRequest(status: number, message: string) {
      failNext = { status, message };
    },
    event,
    invoiceFor,
    /** Posts the event to the app's webhook signed as Stripe signs it (or with another secret). */
    async deliver(appUrl: string, evt: Json, secret = webhookSecret) {
      const payload = JSON.stringify(evt);
      const signature = await signer.webhooks.generateTestHeaderStringAsync({ payload, secret });
      const response = await fetch(`${appUrl}/api/stripe/webhook`, {
        method: "POST",
        headers: { "content-type": "application/json", "stripe-signature": signature },
        body: payload,
      });
      return { status: response.status, json: (await response.json()) as Json };
    },
    async stop() {
      await server.stop(true);
    },
  };
};
