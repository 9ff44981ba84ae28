import { formatAgorot, formatDate } from '../../models/money';
import { type Portal, type PortalPage as PortalView } from '../../models/portal';

export function History({ portal, page }: { portal: Portal; page: PortalView }) {
  const words = portal.words.value;
  const lang = portal.lang.value;
  const money = (agorot: number) => formatAgorot(agorot, lang);
  const statusOf = (status: PortalView['payments'][number]['status']) =>
    ({ succeeded: words.paid, failed: words.failedPayment, requires_capture: words.held, canceled: words.voided })[status];
  return (
    <section class="panel" aria-labelledby="history-title">
      <h2 id="history-title" class="panel__title">
        {words.history}
      </h2>
      {page.payments.length === 0 ? (
        <p class="muted">{words.noPayments}</p>
      ) : (
        <table class="history">
          <thead>
            <tr>
              <th scope="col">{words.date}</th>
              <th scope="col" class="history__amount">
                {words.amount}
              </th>
              <th scope="col">{words.paymentStatus}</th>
              <th scope="col">{words.documents}</th>
            </tr>
          </thead>
          <tbody>
            {page.payments.map((payment) => (
              <tr key={payment.id}>
                <td>{formatDate(new Date(payment.created), lang)}</td>
                <td class="history__amount">{money(payment.amount)}</td>
                <td>
                  {statusOf(payment.status)}
                  {payment.amount_refunded > 0 && <span class="muted"> · {words.refunded(money(payment.amount_refunded))}</span>}
                </td>
                <td>
                  {payment.documents.map((document) => {
                    const name = words.documentName[document.type](document.number);
                    return (
                      <span key={document.id} class="document">
                        <span id={`doc-${document.id}`}>{name}</span>{' '}
                        <a href={document.url} target="_blank" rel="noopener" aria-describedby={`doc-${document.id}`}>
                          {words.download}
                        </a>
                      </span>
                    );
                  })}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
