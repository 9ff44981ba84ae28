import { type Schemas, RequestError, session } from './api';

/**
 * Fetches a file of the API (with the session's mode) and saves it under the name the API gives: a
 * plain link could not send the mode header.
 */
export async function download(path: string): Promise<void> {
  const response = await fetch(path, { headers: { 'Kupa-Mode': session.mode } });
  if (!response.ok) {
    const body = (await response.json().catch(() => null)) as Partial<Schemas['Error']> | null;
    throw new RequestError(response.status, body?.error ?? { type: 'api_error', code: 'internal_error', message: response.statusText });
  }
  const name = /filename="?([^";]+)"?/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? 'download';
  const url = URL.createObjectURL(await response.blob());
  const anchor = document.createElement('a');
  anchor.href = url;
  anchor.download = name;
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** A document's PDF (the true copy). */
export function documentPdf(id: string): string {
  return `/v1/documents/${encodeURIComponent(id)}/pdf`;
}
