/** A non-OK answer from our API. `message` is the server's `{message}` when it sent one, else `"<status>: <body>"`. */
export class ApiError extends Error {
  readonly status: number;
  /** The server's own `{message}` (Italian, safe to show), or null when the body had none. */
  readonly serverMessage: string | null;

  constructor(status: number, message: string, serverMessage: string | null) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.serverMessage = serverMessage;
  }
}

/** An OK answer that is not what the call's schema expects: this app and the server disagree on the contract. */
export class UnexpectedAnswerError extends Error {
  constructor(cause: unknown) {
    super('Risposta inattesa dal server', { cause });
    this.name = 'UnexpectedAnswerError';
  }
}

/**
 * What checks an answer: one of core's zod schemas, or an object that parses the same way where
 * zod must not be loaded up front (`noContent`, and lib/'s schemas loaded with their first answer).
 */
export interface AnswerSchema<T> {
  parse(data: unknown): T | Promise<T>;
}

/**
 * The answer of a call the server answers 204 No Content: nothing. Plain code rather than zod,
 * so that lib/ and the signed-out pages, which send such calls, carry no zod.
 */
export const noContent: AnswerSchema<undefined> = {
  parse(data) {
    if (data !== undefined) throw new Error('Nessun contenuto previsto nella risposta');
    return undefined;
  },
};

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface ApiFetchOptions<T> {
  method?: HttpMethod;
  /** Sent as JSON. */
  body?: unknown;
  /** Checks the answer (a 204's is `undefined`): every call says what it expects, so a change of contract fails loudly. */
  schema: AnswerSchema<T>;
  /** Sent besides the JSON ones (e.g. `X-Time-Zone`). */
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

/**
 * Calls our API with the session cookie (`credentials: 'include'`), sends `body` as JSON and
 * checks the JSON answer with `schema`. A non-OK answer throws `ApiError`, an answer the schema
 * refuses `UnexpectedAnswerError`.
 */
export async function apiFetch<T>(path: string, options: ApiFetchOptions<T>): Promise<T> {
  const { method = options.body === undefined ? 'GET' : 'POST', body, schema, signal } = options;
  const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
  if (body !== undefined) headers['Content-Type'] = 'application/json';

  const response = await fetch(path, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
    credentials: 'include',
    signal,
  });

  return readApiResponse(response, schema);
}

/**
 * An answer of our API as `apiFetch` returns it: JSON, `undefined` for no body (204), checked by
 * `schema`; or `ApiError`. Without a schema it is returned unchecked: only for the tracker's copy,
 * which tracker/server-copy.ts reads tolerantly, as local storage is read.
 */
export async function readApiResponse<T = unknown>(response: Response, schema?: AnswerSchema<T>): Promise<T> {
  if (!response.ok) throw await toApiError(response);

  const text = await response.text();
  const data: unknown = text === '' ? undefined : JSON.parse(text);
  if (!schema) return data as T;
  try {
    return await schema.parse(data);
  } catch (error) {
    throw new UnexpectedAnswerError(error);
  }
}

/** The ApiError of a refused answer (not 2xx), with the server's Italian message when it sent one. */
export async function toApiError(response: Response): Promise<ApiError> {
  const text = await response.text().catch(() => '');
  let serverMessage: string | null = null;
  try {
    const parsed: unknown = JSON.parse(text);
    if (parsed && typeof parsed === 'object' && 'message' in parsed && typeof parsed.message === 'string' && parsed.message !== '') {
      serverMessage = parsed.message;
    }
  } catch {
    // Not JSON (a proxy page, an empty body): fall back to "status: body".
  }
  return new ApiError(response.status, serverMessage ?? `${response.status}: ${text}`, serverMessage);
}

/** What to show the user for a failed call: the server's own message, else the screen's Italian fallback. */
export function errorMessage(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.serverMessage ? error.serverMessage : fallback;
}
