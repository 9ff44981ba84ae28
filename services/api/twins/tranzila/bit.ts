/**
 * The stand-in of Bit's payment page that `POST /v1/transaction/bit/init` answers (`sale_url`). Tranzila's
 * page shows a QR code on a computer (and a field for a phone number, where the merchant allows it), and
 * the Bit app on a phone; the shopper pays in the app. Here the app is two buttons: approve and decline.
 */
export function bitSalePage(sale: { id: string; amount: string; language: 'hebrew' | 'english'; state: string }): string {
  const he = sale.language === 'hebrew';
  const words = he
    ? { title: 'תשלום ב-Bit', scan: 'סרקו את הקוד באפליקציית Bit', approve: 'אישור באפליקציה', decline: 'דחייה', done: 'התשלום הסתיים' }
    : {
        title: 'Pay with Bit',
        scan: 'Scan the code in the Bit app',
        approve: 'Approve in the app',
        decline: 'Decline',
        done: 'The payment ended',
      };
  const body =
    sale.state === 'open'
      ? `<p>${words.scan}</p>
  <svg viewBox="0 0 21 21" width="168" height="168" role="img" aria-label="QR"><rect width="21" height="21" fill="#fff"/>${qrSquares(sale.id)}</svg>
  <p class="sum">₪${sale.amount}</p>
  <form method="post" action="/bit/sale/${sale.id}/approve"><button>${words.approve}</button></form>
  <form method="post" action="/bit/sale/${sale.id}/decline"><button class="secondary">${words.decline}</button></form>`
      : `<p>${words.done}</p>`;
  return `<!doctype html>
<html lang="${he ? 'he' : 'en'}" dir="${he ? 'rtl' : 'ltr'}"><head><meta charset="utf-8"><title>${words.title}</title>
<style>body{font-family:sans-serif;text-align:center;margin:16px;color:#111}button{font-size:16px;padding:10px 18px;margin:6px;border:0;
border-radius:8px;background:#1a8cff;color:#fff;cursor:pointer}button.secondary{background:#eee;color:#111}.sum{font-size:20px;font-weight:600}</style>
</head><body><h1>${words.title}</h1>
  ${body}
</body></html>`;
}

/** A QR-looking pattern drawn from the sale's id (the twin's page is looked at, never scanned). */
function qrSquares(id: string): string {
  let squares = '';
  for (let i = 0; i < 21 * 21; i++) {
    const corner = (x: number, y: number) => (x < 7 && y < 7) || (x > 13 && y < 7) || (x < 7 && y > 13);
    const x = i % 21;
    const y = Math.floor(i / 21);
    const on = corner(x, y)
      ? x % 6 === 0 || y % 6 === 0 || (x % 7 > 1 && x % 7 < 5 && y % 7 > 1 && y % 7 < 5)
      : id.charCodeAt(i % id.length) % 3 === 0;
    if (on) squares += `<rect x="${x}" y="${y}" width="1" height="1"/>`;
  }
  return squares;
}
