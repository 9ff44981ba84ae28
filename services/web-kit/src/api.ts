import type { components } from '@kupa/sdk';

export type ApiError = components['schemas']['Error']['error'];
export type ErrorCode = ApiError['code'];

/** An answer with an error body: its stable code and, for a field's error, the field. */
export class RequestError extends Error {
  constructor(
    readonly status: number,
    readonly error: ApiError,
  ) {
    super(error.message);
  }
}

/** A request that never reached an answer (offline, refused by CORS, cut off). */
export class NetworkError extends Error {
  constructor() {
    super('network');
  }
}

type Answer<T> = { data?: T; error?: unknown; response: Response };

/** An openapi-fetch call's body, or a RequestError with the answer's error, or a NetworkError. */
export async function answerOf<T>(request: Promise<Answer<T>>): Promise<T> {
  let result: Answer<T>;
  try {
    result = await request;
  } catch {
    throw new NetworkError();
  }
  if (result.data !== undefined) return result.data;
  const body = result.error as { error?: ApiError } | undefined;
  throw new RequestError(
    result.response.status,
    body?.error ?? { type: 'api_error', code: 'internal_error', message: result.response.statusText },
  );
}
