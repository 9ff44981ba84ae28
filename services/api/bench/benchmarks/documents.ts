// Tax documents as files: the worker's signed PDF against Chromium printing the same page alone.
import { IssueDocument } from '../../src/modules/invoicing/application/issue-document';
import type { PdfMaker } from '../../src/modules/invoicing/application/ports/document-files';
import { PrintDocument } from '../../src/modules/invoicing/application/print-document';
import { RenderDocumentPdf } from '../../src/modules/invoicing/application/render-document-pdf';
import type { ChromiumPdfMaker } from '../../src/modules/invoicing/infrastructure/pdf/chromium-pdf-maker';
import { INVOICING } from '../../src/modules/invoicing/invoicing.tokens';
import { PERSISTENCE } from '../../src/platform/persistence/persistence.tokens';
import type { UnitOfWork } from '../../src/platform/persistence/unit-of-work';
import { type Benchmark, type Context, check, timed, trialItems } from '../harness';

const lines = [
  { description: 'Olive oil 750 ml', quantity: 2, unitAmount: 4_900, amount: 9_800 },
  { description: 'Za’atar 200 g', quantity: 1, unitAmount: 2_000, amount: 2_000 },
];

/** `count` tax invoice receipts of the bench account, issued as a payment issues them. */
async function issue(ctx: Context, count: number): Promise<string[]> {
  const { container, inContext } = ctx.services;
  const scope = { accountId: ctx.accountId, livemode: false };
  return inContext(() =>
    container.get<UnitOfWork>(PERSISTENCE.UnitOfWork).run(() =>
      Promise.all(
        Array.from({ length: count }, () =>
          container.get(IssueDocument).execute(scope, {
            kind: 'sale',
            customerId: 'cus_bench',
            chargeId: null,
            refundId: null,
            currency: 'ils',
            lines,
            details: {
              issuer: {
                name: 'Bench Olive Grove',
                profile: {
                  legalName: 'Bench Olive Grove Ltd',
                  businessNumber: '516179157',
                  dealerType: 'company',
                  address: { line1: 'Herzl 1', city: 'Haifa', postalCode: '3303101' },
                  email: 'books@olive.example.co.il',
                  phone: null,
                },
              },
              recipient: { name: 'Galil Foods Ltd', taxId: '000000018', email: 'orders@galil.example.co.il', phone: null },
              payment: { cardLast4: '4242', installments: 3 },
            },
          }),
        ),
      ),
    ),
  );
}

export const documentBenchmarks: Benchmark[] = [
  {
    name: 'document-pdf',
    what:
      'the worker rendering a tax invoice receipt as signed PDF/A files (the original and the true copy, each printed in ' +
      'Chromium, archived and signed, then stored), against Chromium printing the same page once, through the same pool',
    goal: 0.3,
    floor: 0.15,
    unit: 'documents/s',
    async trial(ctx, side, warmUp) {
      const { container, inContext } = ctx.services;
      const ids = await issue(ctx, trialItems(24, 8, 2, warmUp));
      let seconds: number;
      if (side === 'subject') {
        seconds = await timed(() => Promise.all(ids.map((id) => inContext(() => container.get(RenderDocumentPdf).execute(id)))));
        const stored = await ctx.db.query('select count(*)::int as n from document_files where document_id = any($1)', [ids]);
        check(stored.rows[0].n === ids.length * 2, `document-pdf/subject: ${stored.rows[0].n} files for ${ids.length} documents`);
      } else {
        const maker = container.get<PdfMaker>(INVOICING.PdfMaker) as ChromiumPdfMaker;
        const pages = await inContext(() => Promise.all(ids.map((id) => container.get(PrintDocument).forCustomer(id, 'he'))));
        let printed = 0;
        seconds = await timed(() =>
          Promise.all(
            pages.map(async (page) => {
              if ((await maker.print(page)).byteLength > 10_000) printed++;
            }),
          ),
        );
        check(printed === ids.length, `document-pdf/baseline: ${printed} pages printed of ${ids.length}`);
      }
      return { rate: ids.length / seconds };
    },
  },
];
