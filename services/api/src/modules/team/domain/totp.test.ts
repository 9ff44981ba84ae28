import { describe, expect, it } from 'vitest';
import { newTotpSecret, otpauthUrl, totpCode, totpStep } from './totp';

// RFC 6238, appendix B: the SHA-1 seed "12345678901234567890" (base32 below); six-digit codes are the
// last six digits of the eight-digit ones the RFC lists.
const RFC_SECRET = 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ';

describe('TOTP', () => {
  it('makes the codes of RFC 6238', () => {
    expect(totpCode(RFC_SECRET, new Date(59_000))).toBe('287082');
    expect(totpCode(RFC_SECRET, new Date(1_111_111_109_000))).toBe('081804');
    expect(totpCode(RFC_SECRET, new Date(1_234_567_890_000))).toBe('005924');
    expect(totpCode(RFC_SECRET, new Date(2_000_000_000_000))).toBe('279037');
  });

  it('takes a code of this step or the one before or after, and no other', () => {
    const now = new Date(1_234_567_890_000);
    const step = Math.floor(now.getTime() / 30_000);
    expect(totpStep(RFC_SECRET, totpCode(RFC_SECRET, now), now)).toBe(step);
    expect(totpStep(RFC_SECRET, totpCode(RFC_SECRET, new Date(now.getTime() - 30_000)), now)).toBe(step - 1);
    expect(totpStep(RFC_SECRET, totpCode(RFC_SECRET, new Date(now.getTime() + 30_000)), now)).toBe(step + 1);
    expect(totpStep(RFC_SECRET, totpCode(RFC_SECRET, new Date(now.getTime() + 90_000)), now)).toBeUndefined();
    expect(totpStep(RFC_SECRET, '12345', now)).toBeUndefined();
  });

  it('makes 160-bit secrets in base32 and the URI authenticator apps read', () => {
    const secret = newTotpSecret();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(newTotpSecret()).not.toBe(secret);
    expect(otpauthUrl('ABC', 'noa@example.com', 'Kupa')).toBe(
      'otpauth://totp/Kupa%3Anoa%40example.com?secret=ABC&issuer=Kupa&algorithm=SHA1&digits=6&period=30',
    );
  });
});
