import { describe, expect, it } from 'vitest';
import { isAllowedDestination } from './forbidden-destinations';

describe('isAllowedDestination', () => {
  it.each([
    '127.0.0.1',
    '127.8.9.10',
    '::1',
    '10.0.0.1',
    '172.16.0.1',
    '172.31.255.255',
    '192.168.1.1',
    '169.254.169.254',
    '100.64.0.1',
    '0.0.0.0',
    '::',
    'fe80::1',
    'fc00::1',
    'fd12:3456::1',
    '::ffff:10.0.0.1',
    '::ffff:7f00:1',
    '64:ff9b::a9fe:a9fe',
    '224.0.0.1',
    '255.255.255.255',
    '192.0.2.1',
    'not-an-ip',
  ])('refuses %s', (address) => {
    expect(isAllowedDestination(address, false)).toBe(false);
  });

  it.each([
    ['IPv4-compatible loopback', '::7f00:1'],
    ['IPv4-compatible, dotted', '::127.0.0.1'],
    ['IPv4-compatible private', '::a00:1'],
    ['NAT64 loopback', '64:ff9b::7f00:1'],
    ['NAT64 dotted private', '64:ff9b::192.168.0.1'],
    ['NAT64 link-local', '64:ff9b::169.254.169.254'],
    ['local-use NAT64', '64:ff9b:1::a00:1'],
    ['6to4 of loopback', '2002:7f00:1::1'],
    ['6to4 of a private net', '2002:c0a8:101::'],
    ['6to4 of metadata', '2002:a9fe:a9fe::1'],
    ['Teredo client 127.0.0.1', '2001:0:4136:e378:8000:63bf:80ff:fffe'],
    ['Teredo server 10.0.0.1', '2001:0:a00:1::'],
    ['full form', '0000:0000:0000:0000:0000:ffff:7f00:0001'],
  ])('refuses %s (%s) wherever the IPv4 hides', (_form, address) => {
    expect(isAllowedDestination(address, false)).toBe(false);
  });

  it.each([
    '93.184.216.34',
    '8.8.8.8',
    '172.32.0.1',
    '2606:4700:4700::1111',
    '::ffff:8.8.8.8',
    '64:ff9b::808:808',
    '2002:808:808::1',
    '2001:0:4136:e378:8000:63bf:f7f7:f7f7',
  ])('allows public %s', (address) => {
    expect(isAllowedDestination(address, false)).toBe(true);
  });

  it('allows loopback, and only loopback, when asked to', () => {
    expect(isAllowedDestination('127.0.0.1', true)).toBe(true);
    expect(isAllowedDestination('::1', true)).toBe(true);
    expect(isAllowedDestination('10.0.0.1', true)).toBe(false);
    expect(isAllowedDestination('169.254.169.254', true)).toBe(false);
    expect(isAllowedDestination('::7f00:1', true)).toBe(true);
    expect(isAllowedDestination('2002:a00:1::', true)).toBe(false);
  });
});
