import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { EVENT_TYPES } from './event-types';
import { parseEndpointUrl, parseSubscribedEvents, WebhookEndpoint } from './webhook-endpoint';

describe('event types', () => {
  it("are exactly the contract's EventType", () => {
    const contract = parse(readFileSync(new URL('../../../../../../openapi.yaml', import.meta.url), 'utf8'));
    expect([...EVENT_TYPES].sort()).toEqual([...contract.components.schemas.EventType.enum].sort());
  });
});

describe('parseEndpointUrl', () => {
  it('takes https, and http only for loopback hosts when allowed', () => {
    expect(parseEndpointUrl('https://hooks.example/x', { allowLoopback: false }).href).toBe('https://hooks.example/x');
    expect(parseEndpointUrl('http://localhost:4000/x', { allowLoopback: true }).port).toBe('4000');
    expect(() => parseEndpointUrl('http://localhost:4000/x', { allowLoopback: false })).toThrow(
      expect.objectContaining({ code: 'url_not_https' }),
    );
    expect(() => parseEndpointUrl('http://hooks.example/x', { allowLoopback: true })).toThrow(
      expect.objectContaining({ code: 'url_not_https' }),
    );
    expect(() => parseEndpointUrl('https://a:b@hooks.example/x', { allowLoopback: false })).toThrow(
      expect.objectContaining({ code: 'url_invalid' }),
    );
  });
});

describe('subscriptions', () => {
  it('take known types once each, or * alone', () => {
    expect(parseSubscribedEvents(['charge.succeeded', 'charge.succeeded'])).toEqual(['charge.succeeded']);
    expect(parseSubscribedEvents(['*'])).toEqual(['*']);
    expect(() => parseSubscribedEvents(['charge.nope'])).toThrow(
      expect.objectContaining({ code: 'event_type_unknown', param: 'events[0]' }),
    );
  });

  it('match listed types, and everything for *', () => {
    const scope = { accountId: 'acct_1', livemode: false };
    const url = new URL('https://hooks.example/x');
    const only = WebhookEndpoint.register(scope, { url, events: ['charge.succeeded'], secret: 'whsec_x' }, new Date());
    expect(only.subscribesTo('charge.succeeded')).toBe(true);
    expect(only.subscribesTo('charge.authorized')).toBe(false);
    const all = WebhookEndpoint.register(scope, { url, events: ['*'], secret: 'whsec_x' }, new Date());
    expect(all.subscribesTo('checkout_session.expired')).toBe(true);
  });
});
