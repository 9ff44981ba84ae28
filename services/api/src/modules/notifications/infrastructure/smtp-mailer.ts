import nodemailer, { type Transporter } from 'nodemailer';
import type { Attachment, Email, Mailer } from '../application/ports/email';

/** SMTP through nodemailer when `SMTP_URL` is set; without it the outbox keeps the emails (`pnpm cli emails list`). */
export class SmtpMailer implements Mailer {
  private readonly transport: Transporter | undefined;

  constructor(
    smtpUrl: string | undefined,
    private readonly from = 'Kupa <no-reply@kupa.co.il>',
  ) {
    this.transport = smtpUrl ? nodemailer.createTransport(smtpUrl) : undefined;
  }

  get configured(): boolean {
    return this.transport !== undefined;
  }

  async send(email: Email, attachment: Attachment | null): Promise<void> {
    await this.transport!.sendMail({
      from: this.from,
      to: email.to,
      subject: email.subject,
      text: email.text,
      attachments: attachment ? [{ filename: attachment.filename, content: attachment.pdf, contentType: 'application/pdf' }] : [],
    });
  }
}
