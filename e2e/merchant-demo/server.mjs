// A small shop that sells with Kupa the way the README tells a merchant to: hosted and embedded checkout,
// orders fulfilled only from verified webhooks (deduplicated by event id), J5 holds captured or canceled
// from the shop's own page, refunds. It uses @kupa/sdk as installed from the packed tarball.
import express from 'express';
import { createKupaClient, kupaWebhookHandler, unwrap } from '@kupa/sdk';

const config = {
  apiBase: process.env.KUPA_API_BASE ?? 'http://localhost:3000',
  apiKey: process.env.KUPA_API_KEY,
  port: Number(process.env.DEMO_PORT ?? 4242),
};
config.origin = process.env.DEMO_ORIGIN ?? `http://localhost:${config.port}`;
if (!config.apiKey) throw new Error('Set KUPA_API_KEY to a test secret key (sk_test_…), e.g. the one pnpm start printed');

const kupa = createKupaClient({ baseUrl: config.apiBase, apiKey: config.apiKey });

/** The shop's catalog: one-time items go as cart lines; the club is a recurring price created at start. */
const PRODUCTS = {
  'olive-oil': { name: 'Galilee olive oil, 750 ml', amount: 4900 },
  'za-atar': { name: "Za'atar, 200 g", amount: 2500 },
  'coffee-club': { name: 'Coffee club, monthly', amount: 9900, recurring: { interval: 'month', trial_period_days: 7 } },
};

/** Orders by the Kupa customer created for each (every event carries the customer). */
const orders = new Map();
const handledEvents = new Set();

const shekels = (agorot) => `₪${(agorot / 100).toFixed(2)}`;
const escape = (text) => String(text).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const page = (
  title,
  body,
) => `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escape(title)} · Demo shop</title><style>body{font:16px/1.5 system-ui,sans-serif;max-width:44rem;margin:2rem auto;padding:0 1rem}
.product{border:1px solid #ccc;border-radius:8px;padding:1rem;margin:1rem 0}button{font:inherit;padding:.4rem .9rem}
.status{font-weight:bold}</style></head><body><p><a href="/">Demo shop</a></p>${body}</body></html>`;

async function ensureCatalog() {
  for (const product of Object.values(PRODUCTS)) {
    if (!product.recurring) continue;
    const created = unwrap(await kupa.POST('/v1/products', { body: { name: product.name } })).data;
    product.price = unwrap(
      await kupa.POST('/v1/prices', {
        body: { product: created.id, unit_amount: product.amount, currency: 'ils', type: 'recurring', recurring: product.recurring },
      }),
    ).data.id;
  }
}

/** Replaces this shop's endpoint (same URL) with a fresh one and answers its signing secret. */
async function registerWebhook() {
  const url = `${config.origin}/webhooks`;
  for (const endpoint of unwrap(await kupa.GET('/v1/webhooks')).data) {
    if (endpoint.url === url) unwrap(await kupa.DELETE('/v1/webhooks/{id}', { params: { path: { id: endpoint.id } } }));
  }
  return unwrap(await kupa.POST('/v1/webhooks', { body: { url, events: ['*'] } })).data.secret;
}

function orderView(order) {
  return {
    id: order.id,
    product: order.product,
    status: order.status,
    amount: order.amount,
    charges: order.charges,
    subscription: order.subscription,
    subscription_status: order.subscriptionStatus,
    documents: order.documents,
    events: order.events,
  };
}

/** What each event does to its order. The redirect back from checkout never changes an order. */
function applyEvent(event) {
  const order = orders.get(event.data.customer);
  if (!order) return;
  order.events.push(event.type);
  const charge = event.data.object === 'charge' ? event.data : null;
  if (charge) {
    order.charges[charge.id] = {
      status: charge.status,
      amount: charge.amount,
      amount_captured: charge.amount_captured,
      amount_refunded: charge.amount_refunded,
    };
    if (charge.document && !order.documents.includes(charge.document)) order.documents.push(charge.document);
  }
  switch (event.type) {
    case 'charge.succeeded':
      if (!charge.subscription || order.status !== 'subscribed') order.status = 'paid';
      order.amount = charge.amount;
      break;
    case 'charge.authorized':
      order.status = 'authorized';
      order.amount = charge.amount;
      break;
    case 'charge.captured':
      order.status = 'paid';
      break;
    case 'charge.canceled':
      order.status = 'canceled';
      break;
    case 'charge.refunded':
      order.status = charge.amount_refunded >= (charge.amount_captured ?? charge.amount) ? 'refunded' : 'partially refunded';
      break;
    case 'checkout_session.completed':
      if (event.data.subscription) order.subscription = event.data.subscription;
      break;
    case 'subscription.created':
    case 'subscription.updated':
    case 'subscription.past_due':
    case 'subscription.canceled':
      order.subscription = event.data.id;
      order.subscriptionStatus = event.data.status;
      if (order.status === 'pending') order.status = 'subscribed';
      break;
    default:
  }
}

const app = express();

app.post(
  '/webhooks',
  kupaWebhookHandler(await registerWebhook(), (event) => {
    if (handledEvents.has(event.id)) return; // a delivery may repeat: each event counts once
    handledEvents.add(event.id);
    applyEvent(event);
  }),
);

app.use(express.urlencoded({ extended: false }));

app.get('/', (_req, res) => {
  const items = Object.entries(PRODUCTS)
    .map(
      ([slug, product]) => `<div class="product"><h2>${escape(product.name)}</h2>
<p>${product.recurring ? `${shekels(product.amount)} a month, first ${product.recurring.trial_period_days} days free` : shekels(product.amount)}</p>
<form method="post" action="/checkout"><input type="hidden" name="product" value="${slug}">
<label>Name <input name="name" value="Dana Levi" required></label>
<label>Email <input name="email" type="email" value="dana@example.co.il" required></label><br>
<label><input type="checkbox" name="test_clock" value="on"> Put me on a test clock (move time from the order page)</label><br>
<button name="mode" value="hosted">Buy now</button>
${product.recurring ? '' : '<button name="mode" value="embedded">Pay on this page</button> <button name="mode" value="hold">Reserve (pay on pickup)</button>'}
</form></div>`,
    )
    .join('');
  res.send(page('Products', `<h1>Demo shop</h1>${items}`));
});

app.post('/checkout', async (req, res) => {
  const product = PRODUCTS[req.body.product];
  if (!product) return res.status(404).send(page('Not found', '<h1>No such product</h1>'));
  // A test clock lets the order page move this customer's time: trials ending, renewals, dunning.
  const clock =
    req.body.test_clock === 'on'
      ? unwrap(await kupa.POST('/v1/test_helpers/test_clocks', { body: { frozen_time: new Date().toISOString(), name: req.body.email } }))
          .data.id
      : undefined;
  const customer = unwrap(
    await kupa.POST('/v1/customers', { body: { name: req.body.name, email: req.body.email, ...(clock ? { test_clock: clock } : {}) } }),
  ).data;
  const session = unwrap(
    await kupa.POST('/v1/checkout_sessions', {
      body: {
        customer: customer.id,
        ...(product.recurring
          ? { price: product.price }
          : { line_items: [{ name: product.name, amount_agorot: product.amount, quantity: 1 }] }),
        ...(req.body.mode === 'hold' ? { capture_method: 'manual' } : {}),
        ...(req.body.codes ? { coupon_codes: String(req.body.codes).split(',') } : {}),
        success_url: `${config.origin}/orders/${customer.id}`,
        cancel_url: `${config.origin}/`,
      },
    }),
  ).data;
  orders.set(customer.id, {
    id: customer.id,
    product: product.name,
    session: session.id,
    clock,
    status: 'pending',
    amount: session.amount_due_now,
    charges: {},
    documents: [],
    events: [],
  });
  res.redirect(303, req.body.mode === 'embedded' ? `/pay/${customer.id}?embed=${encodeURIComponent(session.embed_url)}` : session.url);
});

// The embedded checkout on the shop's own page: the result message says what happened, the webhook
// fulfils the order.
app.get('/pay/:order', (req, res) => {
  const order = orders.get(req.params.order);
  const embedUrl = String(req.query.embed ?? '');
  if (!order || !URL.canParse(embedUrl)) return res.status(404).send(page('Not found', '<h1>No such order</h1>'));
  res.send(
    page(
      'Pay',
      `<h1>Pay for ${escape(order.product)}</h1><div id="checkout"></div><p id="result" role="status"></p>
<script src="${new URL(embedUrl).origin}/v1/embed.js"></script>
<script>
  Kupa.mountCheckout(document.getElementById('checkout'), {
    url: ${JSON.stringify(embedUrl)},
    onResult: async ({ status }) => {
      const result = document.getElementById('result');
      if (status !== 'success') { result.textContent = 'The payment did not go through (' + status + ').'; return; }
      result.textContent = 'Payment received, confirming your order…';
      for (;;) {
        const order = await (await fetch('/orders/${order.id}.json')).json();
        if (order.status === 'paid') { result.textContent = 'Thank you! Order confirmed: ' + order.product + '.'; return; }
        await new Promise((resolve) => setTimeout(resolve, 300));
      }
    },
  });
</script>`,
    ),
  );
});

app.get('/orders/:order.json', (req, res) => {
  const order = orders.get(req.params.order);
  if (!order) return res.status(404).json({ error: 'no such order' });
  res.json(orderView(order));
});

app.get('/orders', (_req, res) => res.json([...orders.values()].map(orderView)));

app.get('/orders/:order', (req, res) => {
  const order = orders.get(req.params.order);
  if (!order) return res.status(404).send(page('Not found', '<h1>No such order</h1>'));
  const heldCharge = Object.entries(order.charges).find(([, charge]) => charge.status === 'requires_capture');
  const paidCharge = Object.entries(order.charges).find(
    ([, charge]) => charge.status === 'succeeded' && charge.amount_refunded < (charge.amount_captured ?? charge.amount),
  );
  const waiting = order.status === 'pending';
  res.send(
    page(
      'Order',
      `${waiting ? '<meta http-equiv="refresh" content="1">' : ''}<h1>Order for ${escape(order.product)}</h1>
<p>Status: <span class="status" id="status">${escape(order.status)}</span>${waiting ? ' (waiting for the payment confirmation)' : ''}</p>
<p>Amount: ${shekels(order.amount)}</p>
${order.subscription ? `<p>Subscription ${escape(order.subscription)}: ${escape(order.subscriptionStatus ?? '')}</p>` : ''}
${
  heldCharge
    ? `<form method="post" action="/orders/${order.id}/capture">
<label>Capture amount (agorot) <input name="amount" value="${heldCharge[1].amount}"></label> <button>Capture</button></form>
<form method="post" action="/orders/${order.id}/cancel"><button>Cancel the hold</button></form>`
    : ''
}
${paidCharge ? `<form method="post" action="/orders/${order.id}/refund"><button>Refund</button></form>` : ''}
${
  order.clock
    ? `<form method="post" action="/orders/${order.id}/advance"><label>Move time forward by <input name="days" value="8" size="3"> ` +
      `days</label> <button>Advance the test clock</button></form>`
    : ''
}
<h2>Documents</h2><ul id="documents">${order.documents.map((id) => `<li>${escape(id)}</li>`).join('')}</ul>
<h2>Events</h2><ul id="events">${order.events.map((type) => `<li>${escape(type)}</li>`).join('')}</ul>`,
    ),
  );
});

/** The order's charge in `status`; money moves through Kupa, the order changes when its event arrives. */
function chargeOf(order, status) {
  return Object.entries(order.charges).find(([, charge]) => charge.status === status)?.[0];
}

app.post('/orders/:order/advance', async (req, res) => {
  const order = orders.get(req.params.order);
  if (!order?.clock) return res.status(404).send(page('Not found', '<h1>No test clock</h1>'));
  const clock = unwrap(await kupa.GET('/v1/test_helpers/test_clocks/{id}', { params: { path: { id: order.clock } } })).data;
  const to = new Date(Date.parse(clock.frozen_time) + Number(req.body.days) * 24 * 3600 * 1000);
  unwrap(
    await kupa.POST('/v1/test_helpers/test_clocks/{id}/advance', {
      params: { path: { id: order.clock } },
      body: { frozen_time: to.toISOString() },
    }),
  );
  res.redirect(303, `/orders/${order.id}`);
});

app.post('/orders/:order/:action', async (req, res) => {
  const order = orders.get(req.params.order);
  const action = req.params.action;
  const charge = order && chargeOf(order, action === 'refund' ? 'succeeded' : 'requires_capture');
  if (!charge || !['capture', 'cancel', 'refund'].includes(action))
    return res.status(404).send(page('Not found', '<h1>Nothing to do</h1>'));
  const params = { path: { id: charge } };
  if (action === 'capture') unwrap(await kupa.POST('/v1/charges/{id}/capture', { params, body: { amount: Number(req.body.amount) } }));
  if (action === 'cancel')
    unwrap(await kupa.POST('/v1/charges/{id}/cancel', { params, body: { cancellation_reason: 'requested_by_customer' } }));
  if (action === 'refund') {
    const refund = unwrap(await kupa.POST('/v1/charges/{id}/refunds', { params, body: {} })).data;
    if (refund.document) order.documents.push(refund.document); // the credit document
  }
  res.redirect(303, `/orders/${order.id}`);
});

// Express knows an error handler by its four parameters.
app.use((error, _req, res, _next) => {
  console.error(error);
  res.status(502).send(page('Error', `<h1>Something went wrong</h1><p>${escape(error.message)}</p>`));
});

await ensureCatalog();
app.listen(config.port, () => console.log(`Demo shop on ${config.origin} (webhooks from ${config.apiBase})`));
