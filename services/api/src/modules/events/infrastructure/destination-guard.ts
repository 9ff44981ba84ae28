import { isIP } from 'node:net';
import { inject, injectable } from 'inversify';
import { ValidationError } from '../../../shared/domain/domain-error';
import type { DestinationGuard, DnsResolver } from '../application/ports/webhook-transport';
import { isAllowedDestination } from '../domain/forbidden-destinations';
import { ForbiddenDestination } from '../domain/webhook-endpoint';
import { EVENTS } from '../events.tokens';

export function hostOf(url: URL): string {
  return url.hostname.replace(/^\[|\]$/g, '');
}

/** At registration: the host, or every address its name resolves to, must be a public one. */
@injectable()
export class DnsDestinationGuard implements DestinationGuard {
  constructor(@inject(EVENTS.DnsResolver) private readonly resolver: DnsResolver) {}

  async check(url: URL, allowLoopback: boolean): Promise<void> {
    const host = hostOf(url);
    let addresses: string[];
    if (isIP(host)) {
      addresses = [host];
    } else {
      addresses = await this.resolver.resolve(host).catch(() => []);
      if (addresses.length === 0) throw new ValidationError('url_invalid', `Invalid url: '${host}' does not resolve`, 'url');
    }
    if (addresses.some((address) => !isAllowedDestination(address, allowLoopback))) {
      throw new ForbiddenDestination(`'${url.hostname}' is a private, loopback or link-local destination`);
    }
  }
}
