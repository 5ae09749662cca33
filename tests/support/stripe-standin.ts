import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import Stripe from "stripe";

/*
 * A local stand-in for the parts of Stripe's API our billing calls, so billing is tested through
 * Stripe's own SDK over real HTTP with no network (the SDK takes a host, port and protocol:
 * STRIPE_API_URL). Framework-free: the API tests start it in-process and the e2e suite as a web
 * server.
 *
 *   POST /v1/customers                 a customer (Idempotency-Key honoured)
 *   POST /v1/checkout/sessions         a subscription checkout; its url is this server's /pay page
 *   POST /v1/billing_portal/sessions   a portal session; its url is this server's /portal page
 *   GET  /pay/{session}                the hosted checkout: the plan's price, Pay and Cancel
 *   POST /pay/{session}                pays: sends checkout.session.completed and
 *                                      customer.subscription.created, then back to success_url
 *   GET  /portal/{session}             the portal: Cancel subscription, Return
 *   POST /portal/{session}/cancel      sends customer.subscription.deleted, then back
 *   POST /control/fail?count=N         the next N API calls fail (for tests in another process)
 *
 * Webhooks are signed with the SDK's own test helper (generateTestHeaderString) and the secret
 * the app verifies with. Every API call must carry the secret key, as Stripe's does.
 *
 * Usage: tsx tests/support/stripe-standin.ts <port> <webhookUrl> <secretKey> <webhookSecret>
 */

export interface StripeStandInOptions {
  secretKey: string;
  webhookSecret: string;
  /** Where events are posted (the API's /api/payments/stripe/webhook); settable later. */
  webhookUrl?: string;
  port?: number;
}

interface CheckoutSession {
  id: string;
  object: "checkout.session";
  mode: string;
  customer: string;
  client_reference_id: string | null;
  price: string;
  metadata: Record<string, string>;
  subscription_metadata: Record<string, string>;
  success_url: string;
  cancel_url: string;
  url: string;
  status: "open" | "complete";
  subscription: string | null;
}

/** Stripe's error body. */
function stripeError(response: ServerResponse, status: number, message: string) {
  response.writeHead(status, { "Content-Type": "application/json" });
  response.end(JSON.stringify({ error: { type: "invalid_request_error", message } }));
}

function json(response: ServerResponse, body: unknown) {
  response.writeHead(200, { "Content-Type": "application/json", "Request-Id": "req_standin" });
  response.end(JSON.stringify(body));
}

async function formOf(request: IncomingMessage): Promise<URLSearchParams> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return new URLSearchParams(Buffer.concat(chunks).toString("utf8"));
}

/** `metadata[userId]=…` and the like, as an object. */
function nested(form: URLSearchParams, prefix: string): Record<string, string> {
  const found: Record<string, string> = {};
  for (const [key, value] of form) {
    if (key.startsWith(`${prefix}[`) && key.endsWith("]")) {
      found[key.slice(prefix.length + 1, -1)] = value;
    }
  }
  return found;
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export class StripeStandIn {
  /** http://127.0.0.1:port once started. */
  url = "";
  /** Where events are posted: the app's webhook address. */
  webhookUrl: string;
  /** Every API call received, oldest first: method, path and form. */
  readonly calls: { method: string; path: string; form: URLSearchParams }[] = [];
  /** Every event sent, with the app's answer status. */
  readonly sent: { event: Stripe.Event; status: number }[] = [];
  private readonly server: Server;
  private readonly signer = new Stripe("sk_test_signer");
  private readonly customers = new Map<string, Stripe.Customer>();
  private readonly idempotent = new Map<string, unknown>();
  private readonly sessions = new Map<string, CheckoutSession>();
  private readonly portals = new Map<string, { customer: string; return_url: string }>();
  private readonly subscriptions = new Map<string, Stripe.Subscription>();
  private counter = 0;
  private failures = 0;

  constructor(private readonly options: StripeStandInOptions) {
    this.webhookUrl = options.webhookUrl ?? "";
    this.server = createServer((request, response) => {
      this.handle(request, response).catch((error: unknown) => {
        console.error("stripe stand-in:", error);
        if (!response.headersSent) stripeError(response, 500, "stand-in failure");
        else response.end();
      });
    });
  }

  async start() {
    await new Promise<void>((resolve) =>
      this.server.listen(this.options.port ?? 0, "127.0.0.1", resolve),
    );
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  async stop() {
    this.server.closeAllConnections();
    await new Promise((resolve) => this.server.close(resolve));
  }

  /** The next `count` API calls answer 500, as Stripe does when it fails. */
  failNext(count = 1) {
    this.failures = count;
  }

  private id(prefix: string) {
    this.counter += 1;
    return `${prefix}_standin${String(this.counter).padStart(6, "0")}`;
  }

  /** An event as Stripe makes one, `created` in seconds (now unless given). */
  event(type: string, object: unknown, created = Math.floor(Date.now() / 1000)): Stripe.Event {
    return {
      id: this.id("evt"),
      object: "event",
      type,
      created,
      api_version: "2025-10-29.clover",
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      data: { object },
    } as unknown as Stripe.Event;
  }

  /** A Stripe-Signature header for `payload`, as Stripe signs (the SDK's own test helper). */
  signature(payload: string, secret = this.options.webhookSecret) {
    return this.signer.webhooks.generateTestHeaderString({ payload, secret });
  }

  /** Posts `event` to the app, signed with `secret` (the app's, unless a test forges one). */
  async deliver(event: Stripe.Event, secret = this.options.webhookSecret) {
    const payload = JSON.stringify(event);
    const signature = this.signature(payload, secret);
    const answer = await fetch(this.webhookUrl, {
      method: "POST",
      headers: { "Content-Type": "application/json", "Stripe-Signature": signature },
      body: payload,
    });
    this.sent.push({ event, status: answer.status });
    return answer;
  }

  /** A subscription to `price` (or to several, one item each) for `customer`, as Stripe's objects look. */
  subscription(
    customer: string,
    price: string | string[],
    status: Stripe.Subscription.Status = "active",
    metadata: Record<string, string> = {},
  ): Stripe.Subscription {
    const id = this.id("sub");
    const subscription = {
      id,
      object: "subscription",
      customer,
      status,
      metadata,
      items: {
        object: "list",
        data: [price].flat().map((priceId) => ({
          id: this.id("si"),
          object: "subscription_item",
          price: { id: priceId, object: "price" },
        })),
      },
    } as unknown as Stripe.Subscription;
    this.subscriptions.set(id, subscription);
    return subscription;
  }

  private async handle(request: IncomingMessage, response: ServerResponse) {
    const url = new URL(request.url ?? "/", this.url);
    const form = await formOf(request);
    if (url.pathname.startsWith("/v1/")) {
      this.calls.push({ method: request.method ?? "", path: url.pathname, form });
      if (request.headers.authorization !== `Bearer ${this.options.secretKey}`) {
        return stripeError(response, 401, "Invalid API Key provided");
      }
      if (this.failures > 0) {
        this.failures -= 1;
        return stripeError(response, 500, "An unexpected error occurred (stand-in)");
      }
      const key = request.headers["idempotency-key"];
      const remembered = typeof key === "string" ? this.idempotent.get(key) : undefined;
      if (remembered) return json(response, remembered);
      const answer = this.api(request.method ?? "", url.pathname, form);
      if (!answer) return stripeError(response, 404, `Unrecognized request URL ${url.pathname}`);
      if ("error" in answer) return stripeError(response, 400, answer.error);
      if (typeof key === "string") this.idempotent.set(key, answer.body);
      return json(response, answer.body);
    }
    return this.pages(request.method ?? "", url, response);
  }

  private api(
    method: string,
    pathname: string,
    form: URLSearchParams,
  ): { body: unknown } | { error: string } | null {
    if (method !== "POST") return null;
    if (pathname === "/v1/customers") {
      const customer = {
        id: this.id("cus"),
        object: "customer",
        email: form.get("email"),
        metadata: nested(form, "metadata"),
      } as unknown as Stripe.Customer;
      this.customers.set(customer.id, customer);
      return { body: customer };
    }
    if (pathname === "/v1/checkout/sessions") {
      const customer = form.get("customer") ?? "";
      const price = form.get("line_items[0][price]");
      if (!this.customers.has(customer)) return { error: `No such customer: '${customer}'` };
      if (!price) return { error: "Missing required param: line_items[0][price]." };
      if (form.get("mode") !== "subscription") return { error: "mode must be subscription" };
      const id = this.id("cs_test");
      const session: CheckoutSession = {
        id,
        object: "checkout.session",
        mode: "subscription",
        customer,
        client_reference_id: form.get("client_reference_id"),
        price,
        metadata: nested(form, "metadata"),
        subscription_metadata: nested(form, "subscription_data[metadata]"),
        success_url: form.get("success_url") ?? "",
        cancel_url: form.get("cancel_url") ?? "",
        url: `${this.url}/pay/${id}`,
        status: "open",
        subscription: null,
      };
      this.sessions.set(id, session);
      return { body: session };
    }
    if (pathname === "/v1/billing_portal/sessions") {
      const customer = form.get("customer") ?? "";
      if (!this.customers.has(customer)) return { error: `No such customer: '${customer}'` };
      const id = this.id("bps");
      this.portals.set(id, { customer, return_url: form.get("return_url") ?? "" });
      return {
        body: { id, object: "billing_portal.session", customer, url: `${this.url}/portal/${id}` },
      };
    }
    return null;
  }

  private async pages(method: string, url: URL, response: ServerResponse) {
    const { pathname } = url;
    if (pathname === "/control/fail" && method === "POST") {
      this.failNext(Number(url.searchParams.get("count") ?? 1));
      response.writeHead(204);
      return response.end();
    }
    if (pathname === "/health") {
      response.writeHead(200, { "Content-Type": "text/plain" });
      return response.end("ok");
    }
    const page = (title: string, body: string) => {
      response.writeHead(200, { "Content-Type": "text/html; charset=utf-8" });
      response.end(
        `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(title)}</title></head><body><h1>${escapeHtml(title)}</h1>${body}</body></html>`,
      );
    };
    const back = (to: string) => {
      response.writeHead(303, { Location: to });
      response.end();
    };
    const pay = /^\/pay\/([\w-]+)$/.exec(pathname);
    const session = pay ? this.sessions.get(pay[1] as string) : undefined;
    if (session && method === "GET") {
      return page(
        "Stripe stand-in checkout",
        `<p>Price: <code>${escapeHtml(session.price)}</code></p><form method="post"><button>Pay</button></form><p><a href="${escapeHtml(session.cancel_url)}">Cancel</a></p>`,
      );
    }
    if (session && method === "POST") {
      const subscription = this.subscription(
        session.customer,
        session.price,
        "active",
        session.subscription_metadata,
      );
      session.status = "complete";
      session.subscription = subscription.id;
      await this.deliver(this.event("checkout.session.completed", session));
      await this.deliver(this.event("customer.subscription.created", subscription));
      return back(session.success_url);
    }
    const portal = /^\/portal\/([\w-]+)(\/cancel)?$/.exec(pathname);
    const portalSession = portal ? this.portals.get(portal[1] as string) : undefined;
    if (portalSession && method === "GET" && !portal?.[2]) {
      return page(
        "Stripe stand-in billing portal",
        `<form method="post" action="${escapeHtml(pathname)}/cancel"><button>Cancel subscription</button></form><p><a href="${escapeHtml(portalSession.return_url)}">Return</a></p>`,
      );
    }
    if (portalSession && method === "POST" && portal?.[2]) {
      for (const subscription of this.subscriptions.values()) {
        if (subscription.customer === portalSession.customer && subscription.status === "active") {
          subscription.status = "canceled";
          await this.deliver(this.event("customer.subscription.deleted", subscription));
        }
      }
      return back(portalSession.return_url);
    }
    response.writeHead(404, { "Content-Type": "text/plain" });
    response.end("not found");
  }
}

/** Started on its own (the e2e suite's web server). */
if (import.meta.url === `file://${process.argv[1]}`) {
  const [port, webhookUrl, secretKey, webhookSecret] = process.argv.slice(2);
  if (!port || !webhookUrl || !secretKey || !webhookSecret) {
    console.error("usage: stripe-standin.ts <port> <webhookUrl> <secretKey> <webhookSecret>");
    process.exit(2);
  }
  const standIn = await new StripeStandIn({
    port: Number(port),
    webhookUrl,
    secretKey,
    webhookSecret,
  }).start();
  console.log(`stripe stand-in on ${standIn.url}`);
}
