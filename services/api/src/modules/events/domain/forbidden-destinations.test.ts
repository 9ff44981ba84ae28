import { describe, expect, it } from 'vitest';
import { isAllowedDestination } from './forbidden-destinations';

describe('isAllowedDestination', () => {
  it.each([
    '127.0.0.1', '127.8.9.10', '::1', '10.0.0.1', '172.16.0.1', '172.31.255.255', '192.168.1.1', '169.254.169.254',
    '100.64.0.1', '0.0.0.0', '::', 'fe80::1', 'fc00::1', 'fd12:3456::1', '::ffff:10.0.0.1', '::ffff:7f00:1',
    '64:ff9b::a9fe:a9fe', '224.0.0.1', '255.255.255.255', '192.0.2.1', 'not-an-ip',
  ])('refuses %s', (address) => {
    expect(isAllowedDestination(address, false)).toBe(false);
  });

  it.each(['93.184.216.34', '8.8.8.8', '172.32.0.1', '2606:4700:4700::1111', '::ffff:8.8.8.8'])('allows public %s', (address) => {
    expect(isAllowedDestination(address, false)).toBe(true);
  });

  it('allows loopback, and only loopback, when asked to', () => {
    expect(isAllowedDestination('127.0.0.1', true)).toBe(true);
    expect(isAllowedDestination('::1', true)).toBe(true);
    expect(isAllowedDestination('10.0.0.1', true)).toBe(false);
    expect(isAllowedDestination('169.254.169.254', true)).toBe(false);
  });
});
