import { inject, injectable } from 'inversify';
import { ACCOUNTS } from '../accounts.tokens';
import type { LogoRepository } from './ports/account-repository';

/** An uploaded logo's bytes, for the checkout host to serve and documents to embed; null when there is none. */
@injectable()
export class GetLogo {
  constructor(@inject(ACCOUNTS.LogoRepository) private readonly logos: LogoRepository) {}

  async execute(id: string): Promise<{ contentType: string; data: Buffer } | null> {
    const logo = await this.logos.findById(id);
    return logo && { contentType: logo.contentType, data: logo.data };
  }
}
