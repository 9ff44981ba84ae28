import { useEffect, useState } from 'preact/hooks';
import { formatAgorot } from '../../models/money';
import { type LoadResult, loadSession } from '../../models/session';
import './style.css';

const TEXT = {
  he: { loading: 'טוען…', unavailable: 'דף התשלום אינו זמין', hint: 'ייתכן שהקישור פג תוקף. חזרו לאתר החנות ונסו שוב.', total: 'לתשלום' },
  en: { loading: 'Loading…', unavailable: 'This payment page is not available', hint: 'The link may have expired. Go back to the store and try again.', total: 'Total' },
};

function language(): 'he' | 'en' {
  return navigator.language.toLowerCase().startsWith('he') ? 'he' : 'en';
}

export function CheckoutPage({ sessionId, embedded }: { sessionId: string | null; embedded: boolean }) {
  const [result, setResult] = useState<LoadResult | null>(null);
  const lang = language();
  const t = TEXT[lang];

  useEffect(() => {
    document.documentElement.lang = lang;
    document.documentElement.dir = lang === 'he' ? 'rtl' : 'ltr';
    if (!sessionId) setResult({ kind: 'unavailable' });
    else void loadSession(sessionId).then(setResult);
  }, [sessionId, lang]);

  return (
    <main class={embedded ? 'checkout checkout--embedded' : 'checkout'}>
      {result === null && <p role="status">{t.loading}</p>}
      {result?.kind === 'unavailable' && (
        <section role="alert">
          <h1>{t.unavailable}</h1>
          <p>{t.hint}</p>
        </section>
      )}
      {result?.kind === 'ready' && (
        <section>
          <h1>{result.page.merchant.name}</h1>
          <p>
            {t.total}:{' '}
            {formatAgorot(result.page.amount_due_now, lang)}
          </p>
        </section>
      )}
    </main>
  );
}
