import { ValidationError } from '../../../shared/domain/domain-error';
import { newId } from '../../../shared/domain/ids';

/** The largest logo kept, in bytes. */
export const LOGO_MAX_BYTES = 200 * 1024;

export type LogoType = 'image/png' | 'image/jpeg' | 'image/webp';

/** How each accepted image type begins: the bytes must be what the merchant says they are. */
const SIGNATURES: Record<LogoType, (data: Buffer) => boolean> = {
  'image/png': (data) => data.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])),
  'image/jpeg': (data) => data[0] === 0xff && data[1] === 0xd8 && data[2] === 0xff,
  'image/webp': (data) => data.subarray(0, 4).toString('latin1') === 'RIFF' && data.subarray(8, 12).toString('latin1') === 'WEBP',
};

/** A logo a merchant uploaded: kept by Kupa, served by the checkout host under its own id. */
export class AccountLogo {
  id!: string;
  accountId!: string;
  contentType!: LogoType;
  data!: Buffer;
  createdAt!: Date;

  static upload(accountId: string, contentType: LogoType, base64: string, now: Date): AccountLogo {
    const data = Buffer.from(base64, 'base64');
    if (data.length === 0 || data.length > LOGO_MAX_BYTES)
      throw new ValidationError('parameter_invalid', `The logo must be an image of at most ${LOGO_MAX_BYTES / 1024} KB`, 'data');
    if (!SIGNATURES[contentType](data))
      throw new ValidationError('parameter_invalid', `The data is not a ${contentType.slice(6).toUpperCase()} image`, 'data');
    const logo = new AccountLogo();
    logo.id = newId('logo');
    logo.accountId = accountId;
    logo.contentType = contentType;
    logo.data = data;
    logo.createdAt = now;
    return logo;
  }
}
