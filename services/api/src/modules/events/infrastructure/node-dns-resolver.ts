import { lookup } from 'node:dns/promises';
import { injectable } from 'inversify';
import type { DnsResolver } from '../application/ports/webhook-transport';

@injectable()
export class NodeDnsResolver implements DnsResolver {
  async resolve(hostname: string): Promise<string[]> {
    const answers = await lookup(hostname, { all: true, verbatim: true });
    return answers.map((answer) => answer.address);
  }
}
